import BarcodeTracking
import Foundation
import TestSupport
import Testing
@testable import TrackBench

/// Reading another decoder's reads of a video (`track bench --reference`), and its clear errors.
struct BenchReferenceFileTests {
    static let header = #"{"reference":"zxing-cpp 3.1.1 (Python)","input":"clip.mp4","frames":3,"width":640,"height":480}"#

    /// Parses `text` as a reference file, or throws its error.
    static func parse(_ text: String) throws -> BenchReferenceFile {
        try TemporaryFiles.withFile(Array(text.utf8), named: "reference.jsonl") { try BenchReferenceFile(path: $0) }
    }

    /// The message of the error `text` fails with.
    static func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("a reference gives its decoder, size and each frame's decodes, frames from 1")
    func reads() throws {
        let text = Self.header + "\n"
            + #"{"frame":1,"format":"QRCode","text":"A","corners":[10,20,50,20,50,60,10,60]}"# + "\n"
            + #"{"frame":3,"format":"MicroQRCode","text":"COPIES","corners":[0,0,9,0,9,9,0,9]}"# + "\n"
            + #"{"frame":3,"format":"MicroQRCode","text":"COPIES","corners":[90,0,99,0,99,9,90,9]}"# + "\n"
        let reference = try Self.parse(text)
        #expect(reference.decoder == "zxing-cpp 3.1.1 (Python)")
        #expect(reference.input == "clip.mp4" && reference.frames == 3 && reference.width == 640 && reference.height == 480)
        #expect(reference.decodes.map(\.count) == [1, 0, 2])
        #expect(reference.decodes[0][0].payload == "A")
        #expect(reference.decodes[0][0].location.boundingBox == Rect(x: 10, y: 20, width: 40, height: 40))
        #expect(reference.decodes[2][1].location.topLeft == Point(x: 90, y: 0))
    }

    @Test("ground truth gives each line its code's identity; a code partly in view or unreadable there is not scored")
    func groundTruth() throws {
        let text = Self.header.replacingOccurrences(of: "zxing-cpp 3.1.1 (Python)", with: "ground truth") + "\n"
            + #"{"frame":1,"format":"qrcode","text":"A","corners":[10,20,50,20,50,60,10,60],"id":2,"visibility":1,"readable":true}"# + "\n"
            + #"{"frame":2,"format":"qrcode","text":"A","corners":[0,20,40,20,40,60,0,60],"id":2,"visibility":0.84,"readable":true}"# + "\n"
            + #"{"frame":2,"format":"qrcode","text":"A","corners":[90,0,99,0,99,9,90,9],"id":3,"visibility":1,"readable":false}"# + "\n"
        let reference = try Self.parse(text)
        #expect(reference.isGroundTruth)
        #expect(reference.decodes.map { $0.map(\.instance) } == [[2], [2, 3], []])
        #expect(reference.decodes.map { $0.map(\.scored) } == [[true], [false, false], []])
        let reads = try Self.parse(Self.header + "\n" + #"{"frame":1,"text":"A","corners":[0,0,1,0,1,1,0,1]}"#)
        #expect(!reads.isGroundTruth && reads.decodes[0][0].instance == nil && reads.decodes[0][0].scored)
    }

    @Test("a reference that gives some lines an identity and not others, or an identity below 1, is refused")
    func mixedIdentities() {
        let line = #"{"frame":1,"text":"A","corners":[0,0,1,0,1,1,0,1]"#
        #expect(Self.failure(Self.header + "\n" + line + #","id":1}"# + "\n" + line + "}").contains("line 3: give every line an \"id\""))
        #expect(Self.failure(Self.header + "\n" + line + "}\n" + line + #","id":1}"#).contains("line 3: give every line an \"id\""))
        #expect(Self.failure(Self.header + "\n" + line + #","id":0}"#).contains("line 2: \"id\" must be 1 or more"))
    }

    @Test("a file that is not a reference, a broken line, a frame out of range or short corners name the problem")
    func errors() {
        #expect(Self.failure("").contains("not a bench reference"))
        #expect(Self.failure("frame,id,x,y\n").contains("not a bench reference"))
        #expect(Self.failure(#"{"reference":"x","input":"c","frames":0,"width":1,"height":1}"#).contains("0 frames"))
        #expect(Self.failure(Self.header + "\n{\"frame\":1,\n").contains("line 2: not a decode"))
        let late = Self.header + "\n" + #"{"frame":4,"text":"A","corners":[0,0,1,0,1,1,0,1]}"#
        #expect(Self.failure(late).contains("line 2: frame 4 is outside the header's 1...3"))
        let short = Self.header + "\n\n" + #"{"frame":1,"text":"A","corners":[0,0,1,0,1,1]}"#
        #expect(Self.failure(short).contains("line 3: corners must be 8 finite numbers"))
        #expect(Self.failure(short).contains("make-reference"))
    }

    @Test("a reference made for another video is refused; fewer frames only when the bench stopped early")
    func otherVideo() throws {
        let reference = try Self.parse(Self.header + "\n")
        #expect(throws: Never.self) { try reference.check(against: "clip.mp4", width: 640, height: 480, frames: 3, limited: false) }
        #expect(throws: Never.self) { try reference.check(against: "clip.mp4", width: 640, height: 480, frames: 2, limited: true) }
        #expect(throws: BenchError.self) { try reference.check(against: "clip.mp4", width: 640, height: 480, frames: 2, limited: false) }
        #expect(throws: BenchError.self) { try reference.check(against: "clip.mp4", width: 640, height: 480, frames: 4, limited: true) }
        do {
            try reference.check(against: "other.mp4", width: 1280, height: 720, frames: 3, limited: false)
            Issue.record("a 1280x720 video passed a 640x480 reference")
        } catch {
            #expect("\(error)".contains("made for clip.mp4 (640x480, 3 frames), but other.mp4 gives 1280x720"))
        }
    }
}
