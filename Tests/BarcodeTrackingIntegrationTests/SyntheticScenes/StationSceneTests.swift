import BarcodeTracking
import SyntheticScenes
import Testing

struct StationSceneTests {
    static func station(codes: Int, seed: UInt64) -> SyntheticSceneConfiguration {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        c.width = 640
        c.height = 360
        c.shake = 0
        c.codeCount = codes
        c.seed = seed
        c.frameRate = 10
        c.frameCount = 10_000
        c.modulePixels = 2
        return c
    }

    @Test("A station scene puts 1 to 6 labels on each pallet, numbered in the order they enter",
          arguments: [1, 2, 3] as [UInt64])
    func palletsOfOneToSixLabels(seed: UInt64) throws {
        let scene = try SyntheticScene(Self.station(codes: 20, seed: seed))
        let pallets = scene.labels.map(\.pallet)
        #expect(pallets.first == 1)
        #expect(zip(pallets, pallets.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 }, "consecutive, each pallet's labels together")
        let sizes = Dictionary(grouping: pallets, by: { $0 }).values.map(\.count)
        #expect(sizes.allSatisfy { (1...6).contains($0) })
        #expect(Set(sizes).count > 1, "pallets differ in size")
    }

    @Test("No frame of a station scene shows two pallets, and every pallet passes through the view")
    func oneAtATimeWithEmptyBeltBetween() throws {
        let scene = try SyntheticScene(Self.station(codes: 10, seed: 4))
        let palletOf = Dictionary(uniqueKeysWithValues: scene.labels.map { ($0.instance, $0.pallet) })
        var seen: [Int] = []
        var emptyFrames = 0
        for number in stride(from: 1, through: 2_000, by: 2) {
            let inView = Set(scene.groundTruth(frame: number).codes.map { palletOf[$0.instance]! })
            #expect(inView.count <= 1, "frame \(number) shows pallets \(inView.sorted())")
            if let pallet = inView.first, seen.last != pallet { seen.append(pallet) }
            if inView.isEmpty && !seen.isEmpty { emptyFrames += 1 }
        }
        #expect(seen == Array(1...(palletOf.values.max() ?? 0)), "each pallet in turn, once")
        #expect(emptyFrames > 0)
    }

    @Test("In a stop-and-go station scene a pallet that stops stands still in mid-view, then moves on")
    func stopAndGo() throws {
        var c = Self.station(codes: 6, seed: 5)
        c.stopProbability = 1
        let scene = try SyntheticScene(c)
        var still = 0, moving = 0
        var previous: [Int: Double] = [:]
        for number in 1...600 {
            for code in scene.groundTruth(frame: number).codes {
                if let x = previous[code.instance] {
                    let dx = code.location.center.x - x
                    if abs(dx) < 1e-9 { still += 1 } else if dx > 0 { moving += 1 }
                    #expect(dx >= -1e-9, "the belt never runs backwards")
                }
                previous[code.instance] = code.location.center.x
            }
        }
        #expect(still >= 20, "at least 2 s of standing still at 10 frames a second")
        #expect(moving > 0)
    }
}
