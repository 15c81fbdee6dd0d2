import Foundation
import Testing
import BarcodeTracking

/// Identical labels that left the view and came back take their ids back by their place
/// among the codes around them (``TrackerConfiguration/placeAmongOthersGateFactor``).
struct TrackerPlaceTests {
    /// A pallet: two labels "A" (left, right) between two labels of their own, "B" above and "C" below.
    static let pallet: [(String, Point)] = [("A", Point(x: 300, y: 300)), ("A", Point(x: 600, y: 300)),
                                            ("B", Point(x: 450, y: 150)), ("C", Point(x: 450, y: 450))]

    /// The pallet seen through a view moved by `shift`, rolled by `degrees` and zoomed by `zoom`
    /// about the pallet's middle (450, 300); only the labels `keeping` says.
    static func view(shift: Point = .zero, degrees: Double = 0, zoom: Double = 1,
                     keeping: (String) -> Bool = { _ in true }) -> [Detection] {
        let angle = degrees * .pi / 180, middle = Point(x: 450, y: 300)
        return pallet.filter { keeping($0.0) }.map { text, center in
            let u = center - middle
            let turned = Point(x: cos(angle) * u.x - sin(angle) * u.y, y: sin(angle) * u.x + cos(angle) * u.y)
            return code(text, at: middle + turned * zoom + shift, size: 60 * zoom)
        }
    }

    /// Feeds `frames` at 30 fps from `start`; returns the last update and the time after it.
    static func run(_ tracker: inout Tracker, _ frames: [[Detection]], from start: Double) throws -> (update: TrackerUpdate?, time: Double) {
        var time = start, last: TrackerUpdate?
        for detections in frames {
            last = try tracker.update(with: detections, at: time)
            time += 1.0 / 30
        }
        return (last, time)
    }

    /// Feeds `frames` at 30 fps from `start`; returns the index of the first frame whose update
    /// has a track, and the time after the last frame.
    static func firstFrameWithTracks(_ tracker: inout Tracker, _ frames: [[Detection]], from start: Double) throws -> (Int?, Double) {
        var started: Int?, time = start
        for (index, detections) in frames.enumerated() {
            let update = try tracker.update(with: detections, at: time)
            time += 1.0 / 30
            if started == nil, !update.tracks.isEmpty { started = index }
        }
        return (started, time)
    }

    /// The ids of the measured "A" tracks, left to right.
    static func labelsA(_ update: TrackerUpdate?) -> [TrackID] {
        (update?.tracks ?? []).filter { $0.barcode?.data == "A" && $0.state == .tracked }
            .sorted { $0.location.center.x < $1.location.center.x }.map(\.id)
    }

    /// Tracks the pallet for 10 frames, then shows nothing for 0.7 s (every track removed).
    static func seenThenGone(_ tracker: inout Tracker) throws -> (ids: [TrackID], time: Double) {
        let seen = try run(&tracker, Array(repeating: view(), count: 10), from: 0)
        let ids = labelsA(seen.update)
        let gone = try run(&tracker, Array(repeating: [], count: 21), from: seen.time)
        #expect(gone.update?.tracks.isEmpty == true)
        return (ids, gone.time)
    }

    @Test("Both labels back in a moved, rolled and zoomed view take back their own ids")
    func backMovedRolledZoomed() throws {
        for (shift, degrees, zoom) in [(Point(x: 200, y: 80), 0.0, 1.0), (Point(x: -150, y: 60), 25, 1.0),
                                       (Point(x: 100, y: -40), -15, 1.3), (Point(x: 0, y: 0), 10, 0.8)] {
            var tracker = try Tracker()
            let before = try Self.seenThenGone(&tracker)
            #expect(before.ids.count == 2)
            let back = try Self.run(&tracker, [Self.view(shift: shift, degrees: degrees, zoom: zoom)], from: before.time)
            #expect(Self.labelsA(back.update) == before.ids, "shift \(shift), roll \(degrees)°, zoom \(zoom)")
            #expect(back.update?.tracks.count == 4)
        }
    }

    @Test("Labels read a frame before the codes around them wait for them, then take back their ids")
    func waitForTheAnchors() throws {
        var tracker = try Tracker()
        let before = try Self.seenThenGone(&tracker)
        let shift = Point(x: 120, y: 30)
        let first = try Self.run(&tracker, [Self.view(shift: shift, keeping: { $0 == "A" })], from: before.time)
        #expect(first.update?.tracks.isEmpty == true, "no track yet: waiting for an anchor")
        let then = try Self.run(&tracker, [Self.view(shift: shift)], from: first.time)
        #expect(Self.labelsA(then.update) == before.ids)
    }

    @Test("Labels back with none of the codes around them start new tracks once the wait is over")
    func noAnchorsNewIds() throws {
        var tracker = try Tracker()
        let before = try Self.seenThenGone(&tracker)
        let alone = Self.view(shift: Point(x: 120, y: 30), keeping: { $0 == "A" })
        let (started, time) = try Self.firstFrameWithTracks(&tracker, Array(repeating: alone, count: 6), from: before.time)
        // Waits 0.1 s (3 frames, or 4 as the sum of frame intervals rounds), then starts new tracks.
        #expect(started == 3 || started == 4, "\(String(describing: started))")
        let ids = Self.labelsA(try Self.run(&tracker, [alone], from: time).update)
        #expect(ids.count == 2 && Set(ids).isDisjoint(with: before.ids))
    }

    @Test("Labels read only every other frame wait once, not again after each frame they go unread")
    func intermittentReadsWaitOnce() throws {
        var tracker = try Tracker()
        let before = try Self.seenThenGone(&tracker)
        let alone = Self.view(shift: Point(x: 120, y: 30), keeping: { $0 == "A" })
        let (started, _) = try Self.firstFrameWithTracks(&tracker, (0..<12).map { $0 % 2 == 0 ? alone : [] }, from: before.time)
        #expect(started == 4, "\(String(describing: started))")
    }

    @Test("A third label of the payload, where neither remembered one belongs, gets a new id")
    func elsewhereIsAnotherLabel() throws {
        var tracker = try Tracker()
        let before = try Self.seenThenGone(&tracker)
        // The view is back where it was, and a third "A" lies below the right one.
        let back = try Self.run(&tracker, [Self.view() + [code("A", at: Point(x: 600, y: 560), size: 60)]], from: before.time)
        let ids = Self.labelsA(back.update)
        #expect(ids.count == 3)
        let right = back.update?.tracks.first { $0.barcode?.data == "A" && $0.location.center == Point(x: 600, y: 300) }
        let third = back.update?.tracks.first { $0.barcode?.data == "A" && $0.location.center == Point(x: 600, y: 560) }
        #expect(right?.id == before.ids[1])
        #expect(third.map { !before.ids.contains($0.id) } == true)
    }

    @Test("placeAmongOthersGateFactor 0 turns it off: labels back get new ids")
    func off() throws {
        var configuration = TrackerConfiguration()
        configuration.placeAmongOthersGateFactor = 0
        var tracker = try Tracker(configuration: configuration)
        let before = try Self.seenThenGone(&tracker)
        let back = try Self.run(&tracker, [Self.view()], from: before.time)
        let ids = Self.labelsA(back.update)
        #expect(ids.count == 2 && Set(ids).isDisjoint(with: before.ids))
        configuration.placeAmongOthersGateFactor = 1.5
        #expect(throws: TrackingError.self) { _ = try Tracker(configuration: configuration) }
    }

    @Test("After a jerk with nothing read, codes beyond their widened gate take back their tracks at their places")
    func jumpBeyondTheWidenedGate() throws {
        // Large B and C (200 px: widened gate 900 px), small "A" twins and a small "D" (60 px: 270 px).
        func frame(_ x: Double) -> [Detection] {
            [code("A", at: Point(x: 300 + x, y: 300), size: 60), code("A", at: Point(x: 600 + x, y: 300), size: 60),
             code("D", at: Point(x: 450 + x, y: 600), size: 60),
             code("B", at: Point(x: 450 + x, y: 100), size: 200), code("C", at: Point(x: 850 + x, y: 350), size: 200)]
        }
        var tracker = try Tracker()
        // A pan of 10 px a frame, then 8 frames unread while the view jerks 520 px further than predicted.
        let seen = try Self.run(&tracker, (0..<10).map { frame(-10 * Double($0)) }, from: 0)
        let before = seen.update!.tracks.filter { $0.state == .tracked }.map { ($0.barcode!.data!, $0.location.center.x, $0.id) }
        let gone = try Self.run(&tracker, Array(repeating: [], count: 8), from: seen.time)
        let back = try Self.run(&tracker, [frame(-10 * 18 - 520)], from: gone.time)
        #expect(back.update?.added.isEmpty == true, "no new track")
        let after = back.update!.tracks.filter { $0.state == .tracked }.map { ($0.barcode!.data!, $0.location.center.x, $0.id) }
        #expect(after.count == 5)
        for (text, x, id) in after {
            // From the last frame seen (offset -90) to the one back (-700): 610 px.
            let earlier = before.first { $0.0 == text && abs($0.1 - 610 - x) < 1 }
            #expect(earlier?.2 == id, "\(text) at x \(x)")
        }
    }

    @Test("A label back within its twin's widened gate, where the codes around place the other one, takes back its own id")
    func twinJumpContradictedByPlace() throws {
        var tracker = try Tracker()
        let pallet = [code("A", at: Point(x: 400, y: 300), size: 60), code("A", at: Point(x: 600, y: 300), size: 60),
                      code("B", at: Point(x: 500, y: 150), size: 60), code("C", at: Point(x: 500, y: 450), size: 60)]
        let seen = try Self.run(&tracker, Array(repeating: pallet, count: 10), from: 0)
        let ids = Self.labelsA(seen.update)
        // The left "A" is unread until its track is removed; then nothing is read for 5 frames
        // while the view moves 100 px right; then B, C and the left "A" are read, not the right one.
        let leftGone = try Self.run(&tracker, Array(repeating: Array(pallet.dropFirst()), count: 20), from: seen.time)
        #expect(leftGone.update?.tracks.count == 3)
        let jerk = try Self.run(&tracker, Array(repeating: [], count: 5), from: leftGone.time)
        let moved = [pallet[0], pallet[2], pallet[3]].map { code($0.barcode!.data!, at: $0.location.center + Point(x: 100, y: 0), size: 60) }
        let back = try Self.run(&tracker, [moved], from: jerk.time)
        let left = back.update?.tracks.first { $0.barcode?.data == "A" && $0.state == .tracked }
        #expect(left?.id == ids[0], "the left label takes back its own id, not its twin's")
        #expect(back.update?.tracks.first { $0.id == ids[1] }?.state == .predictedOnly)
    }
}
