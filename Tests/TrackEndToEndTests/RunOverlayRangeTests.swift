import TestSupport
import Foundation
import Testing

/// Numbers that JSON cannot hold never reach the output (issue 13, point 4).
struct RunOverlayRangeTests {
    @Test("Overlay values too large for a finite rectangle are refused with exit 64 naming the key",
          arguments: [("offset.x=fixedPx:1e308", "offset.x"), ("size.x=overlay:1e300", "size.x"),
                      ("size.y=fixedPx:1e20,offset.y=fixedPx:-1e308", "offset.y")])
    func hugeOverlayValues(spec: String, key: String) throws {
        let run = try TrackProcess.run(["--demo", "--frames", "2", "--format", "jsonl", "--overlay", spec])
        #expect(run.status == 64, "\(spec): \(run.status)")
        #expect(run.stderr.contains("--overlay") && run.stderr.contains(key), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("The largest accepted overlay values still give finite numbers in every overlay field")
    func largestOverlayValues() throws {
        let spec = "offset.x=fixedPx:1000000,offset.y=overlay:-1000000,size.x=overlay:1000000,size.y=fixedPx:1000000"
        let run = try TrackProcess.run(["--demo", "--size", "640x360", "--frames", "2", "--format", "jsonl", "--overlay", spec])
        #expect(run.status == 0, "\(run.stderr)")
        let frame = try jsonObject(try #require(run.lines.first))
        let overlays = ((frame["tracks"] as? [[String: Any]]) ?? []).compactMap { $0["overlay"] as? [String: Any] }
        #expect(!overlays.isEmpty)
        for overlay in overlays {
            for key in ["x", "y", "width", "height"] { #expect(overlay[key] is Double || overlay[key] is Int, "\(key): \(overlay)") }
        }
    }
}
