import BarcodeTracking
import Foundation
@testable import SyntheticScenes
import TestSupport
import Testing
@testable import TrackBench

/// Writing a demo scene's ground truth as a bench reference (`track --demo --record CLIP --truth REF`).
struct BenchTruthRecorderTests {
    static func code(_ instance: Int, _ payload: String, x: Double, visibility: Double = 1, readable: Bool = true) -> GroundTruthCode {
        GroundTruthCode(instance: instance, symbology: .qrCode, payload: payload,
                        location: Quadrilateral(Rect(x: x, y: 10, width: 40, height: 40)), visibility: visibility, readable: readable)
    }

    @Test("the truth reads back as ground truth: frames in order, identities, scored pairs; a code never readable is left out")
    func roundTrip() throws {
        var recorder = BenchTruthRecorder(input: "clip.mp4", width: 640, height: 360)
        recorder.append(GroundTruthFrame(number: 5, time: 0, codes: [Self.code(1, "A", x: 10, readable: false),
                                                                     Self.code(2, "B", x: 100, readable: false)]))
        recorder.append(GroundTruthFrame(number: 6, time: 0.033, codes: []))
        recorder.append(GroundTruthFrame(number: 7, time: 0.067, codes: [Self.code(1, "A", x: 12),
                                                                         Self.code(2, "B", x: 600, visibility: 0.4, readable: false)]))
        #expect(recorder.frameCount == 3)
        let reference = try TemporaryFiles.withFile(Array(recorder.text.utf8), named: "truth.jsonl") { try BenchReferenceFile(path: $0) }
        #expect(reference.decoder == "ground truth" && reference.input == "clip.mp4")
        #expect(reference.frames == 3 && reference.width == 640 && reference.height == 360)
        #expect(reference.isGroundTruth)
        // "B" is never readable: left out, as the bench's own photo scenes leave such codes out.
        #expect(reference.decodes.map { $0.map(\.payload) } == [["A"], [], ["A"]])
        #expect(reference.decodes.map { $0.map(\.scored) } == [[false], [], [true]])
        #expect(reference.decodes[2][0].instance == 1)
        #expect(reference.decodes[2][0].location.boundingBox == Rect(x: 12, y: 10, width: 40, height: 40))
    }
}
