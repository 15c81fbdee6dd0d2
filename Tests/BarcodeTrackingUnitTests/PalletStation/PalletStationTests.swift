import BarcodeTracking
import Foundation
import PalletStation
import Testing
import TestSupport

/// A real ``ScanSession`` fed with detections of labels at fixed spots, 30 frames a second.
private struct Dock {
    let session: ScanSession
    var station: PalletStation
    var frameNumber = 0
    var closed: [ClosedPallet] = []

    init(_ configuration: PalletStationConfiguration, nextNumber: Int = 1,
         shouldReject: ScanSession.RejectionPredicate? = nil) throws {
        session = try ScanSession(shouldReject: shouldReject)
        station = try PalletStation(configuration: configuration, nextNumber: nextNumber, session: session)
    }

    var time: Double { Double(frameNumber) / 30 }

    /// `frames` frames showing `labels` (payload, left edge in pixels).
    mutating func show(_ labels: [(String, Double)], frames: Int = 1) throws {
        for _ in 0..<frames {
            frameNumber += 1
            let detections = labels.map { payload, x in
                Detection(barcode: Barcode(symbology: .code128, data: payload, bytes: Array(payload.utf8),
                                           location: Quadrilateral(Rect(x: x, y: 100, width: 120, height: 40))))
            }
            let result = try #require(try session.process(detections, frameNumber: frameNumber, time: time,
                                                          frameSize: Size(width: 1280, height: 720)))
            closed += station.process(result)
        }
    }

    mutating func idle(seconds: Double) throws { try show([], frames: Int(seconds * 30)) }
}

struct PalletStationTests {
    @Test func presenceSplitsPalletsAtTheGapAndIdenticalLabelsCountAgainOnTheNextPallet() throws {
        var configuration = PalletStationConfiguration(station: "dock-3")
        configuration.expectedCount = 2
        var dock = try Dock(configuration, nextNumber: 41)
        try dock.show([("LOT-A", 100), ("LOT-B", 400)], frames: 30)
        try dock.idle(seconds: 1.4)
        #expect(dock.closed.isEmpty, "a pallet stays open for the gap")
        try dock.idle(seconds: 0.2)
        try #require(dock.closed.count == 1)
        try dock.show([("LOT-A", 700)], frames: 20)
        try dock.idle(seconds: 2)
        try #require(dock.closed.count == 2)

        let (first, second) = (dock.closed[0].record, dock.closed[1].record)
        #expect((first.number, second.number) == (41, 42))
        #expect(first.station == "dock-3" && first.id != second.id)
        #expect(first.codes.map { $0.barcode.data } == ["LOT-A", "LOT-B"])
        #expect(second.codes.map { $0.barcode.data } == ["LOT-A"])
        #expect(first.countStatus == .complete && second.countStatus == .short)
        #expect(first.closeReason == .gap)
        #expect(abs(first.start - 1.0 / 30) < 1e-9 && abs(first.end - 1.0) < 1e-9, "from the first to the last frame a code was seen")
        #expect(first.codes[0].framesSeen == 30)
        #expect(dock.station.nextNumber == 43)
    }

    @Test func aTriggerClosesThePalletAndItsCodesStillInViewAreNotCountedAgain() throws {
        var configuration = PalletStationConfiguration(station: "wrapper")
        configuration.segmentation = .trigger
        var dock = try Dock(configuration)
        try dock.show([("A", 100), ("B", 400)], frames: 10)
        let closedByTrigger = dock.station.close()
        let first = try #require(closedByTrigger)
        #expect(first.record.closeReason == .trigger)
        #expect(first.record.codes.count == 2)
        try dock.show([("A", 100), ("B", 400)], frames: 10)
        try dock.idle(seconds: 5)
        #expect(dock.closed.isEmpty, "only a trigger closes a pallet")
        #expect(dock.station.current == nil, "the closed pallet's codes open no pallet")
        try dock.show([("C", 700)], frames: 5)
        let finished = dock.station.finish()
        let second = try #require(finished)
        #expect(second.record.codes.map { $0.barcode.data } == ["C"])
        #expect(second.record.closeReason == .end)
        let again = dock.station.finish()
        #expect(again == nil)
    }

    @Test func rejectedCodesNeitherOpenAPalletNorCount() throws {
        var dock = try Dock(PalletStationConfiguration(station: "s"), shouldReject: { $0.barcode?.data?.hasPrefix("WH-") == true })
        try dock.show([("WH-WALL", 100)], frames: 90)
        #expect(dock.station.current == nil)
        try dock.show([("WH-WALL", 100), ("GOODS", 500)], frames: 10)
        try dock.show([("WH-WALL", 100)], frames: 60)
        try #require(dock.closed.count == 1, "the wall label does not hold the pallet open")
        #expect(dock.closed[0].record.codes.map { $0.barcode.data } == ["GOODS"])
    }

    @Test func theSnapshotFrameIsTheOneShowingMostOfThePalletsCodes() throws {
        var dock = try Dock(PalletStationConfiguration(station: "s"))
        try dock.show([("A", 100)], frames: 3)
        try dock.show([("A", 100), ("B", 400), ("C", 700)], frames: 2)
        try dock.show([("C", 700)], frames: 3)
        let finished = dock.station.finish()
        let pallet = try #require(finished)
        #expect(pallet.snapshotFrame?.frameNumber == 4)
        #expect(pallet.record.codes.map(\.framesSeen) == [5, 2, 5])
    }

    @Test func progressMarksThePalletInProgressAgainstTheManifestWithoutCountingItAsSeen() throws {
        var configuration = PalletStationConfiguration(station: "dock")
        configuration.expectedCount = 3
        configuration.manifest = try Manifest(entries: [.init(payload: "A"), .init(payload: "C")])
        var dock = try Dock(configuration)
        #expect(dock.station.progress == nil, "no pallet before a code")
        try dock.show([("A", 100), ("B", 400)], frames: 10)
        let progress = try #require(dock.station.progress)
        #expect(progress.number == 1 && progress.countStatus == .short)
        #expect(progress.codes.map { $0.code.barcode.data } == ["A", "B"])
        #expect(progress.codes.map(\.isExpected) == [true, false], "A is in the manifest, B is not")
        #expect(progress.manifest?.missing.map(\.payload) == ["C"])
        #expect(dock.station.progress == progress, "looking does not change it")
        try dock.idle(seconds: 2)
        #expect(dock.station.progress == nil, "closed")
        let check = try #require(dock.closed.first?.record.manifest)
        #expect(check.correct.map(\.payload) == ["A"], "the previews did not count A as seen by the shift")
    }

    @Test func eachRecordCarriesItsManifestCheck() throws {
        var configuration = PalletStationConfiguration(station: "s")
        configuration.manifest = try Manifest(entries: [.init(payload: "A"), .init(payload: "B")])
        var dock = try Dock(configuration)
        try dock.show([("A", 100), ("X", 400)], frames: 3)
        let finished = dock.station.finish()
        let check = try #require(finished?.record.manifest)
        #expect(check.correct.map(\.payload) == ["A"])
        #expect(check.unexpected.map(\.payload) == ["X"])
        #expect(check.missing.map(\.payload) == ["B"])
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func aGapThatIsNotAPositiveNumberIsRefused(gap: Double) {
        var configuration = PalletStationConfiguration(station: "s")
        configuration.gap = gap
        #expect { try PalletStation(configuration: configuration) } throws: { ($0 as? StationError)?.code == .invalidConfiguration }
        #expect(throws: StationError.self) { try PalletStation(configuration: PalletStationConfiguration(station: " ")) }
    }
}

struct StationStateFileTests {
    @Test func numberingStartsAtOneAndGoesOnFromWhatWasSaved() throws {
        try TemporaryFiles.withDirectory { folder in
            let file = StationStateFile(path: folder.appendingPathComponent("state/dock-3.json").path)
            #expect(try file.nextNumber(for: "dock-3") == 1)
            try file.save(nextNumber: 17, for: "dock-3")
            #expect(try file.nextNumber(for: "dock-3") == 17)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("state").path) == ["dock-3.json"],
                    "no temporary file is left behind")
        }
    }

    @Test func aStateFileOfAnotherStationOrNotAStateFileIsRefused() throws {
        try TemporaryFiles.withDirectory { folder in
            let path = folder.appendingPathComponent("s.json").path
            let file = StationStateFile(path: path)
            try file.save(nextNumber: 3, for: "dock-1")
            #expect { try file.nextNumber(for: "dock-2") } throws: {
                ($0 as? StationError)?.message.contains("station 'dock-1', not 'dock-2'") == true
            }
            try Data("{\"nextPallet\":\"x\"}".utf8).write(to: URL(fileURLWithPath: path))
            #expect { try file.nextNumber(for: "dock-1") } throws: { ($0 as? StationError)?.code == .stateFile }
        }
    }
}
