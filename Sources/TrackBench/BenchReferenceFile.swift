import BarcodeTracking
import Foundation

/// What `track bench --input FILE --reference REF` scores both pipelines against instead of
/// the baseline's own decodes: another decoder's decodes of the video, or the ground truth of
/// a recorded demo scene.
///
/// JSON Lines: a header `{"reference": NAME, "input": FILE, "frames": N, "width": W, "height": H}`,
/// then one line per code and frame `{"frame": F, "format": S, "text": T, "corners": [x0, y0, … x3, y3]}`
/// with frames numbered from 1 and corners in frame pixels. `Benchmarks/reference/make-reference`
/// writes another decoder's decodes this way (zxing-cpp 3.x). Ground truth (`track --demo
/// --record CLIP --truth REF`, ``BenchTruthRecorder``) adds to every line the physical code's
/// `"id"` (from 1), its `"visibility"` (0...1, the part in the frame) and whether a decoder can
/// be expected to read it there (`"readable"`): identities then come from the file instead of
/// being linked by geometry, and nothing is don't-care.
struct BenchReferenceFile: Sendable {
    /// One code in one frame of the reference.
    struct Code: Sendable {
        /// The text.
        var payload: String
        /// The corners, frame pixels.
        var location: Quadrilateral
        /// Ground truth's physical code (from 1), `nil` in a decoder's reads.
        var instance: Int?
        /// Whether the code counts for coverage and first decode in this frame: a decoder's
        /// read always; ground truth when the code is wholly in view and readable.
        var scored: Bool
    }

    /// Who made the reference, e.g. `zxing-cpp 3.1.1 (Python)`.
    var decoder: String
    /// The file name of the video it was made from.
    var input: String
    /// Frames of that video, and their size in pixels.
    var frames: Int, width: Int, height: Int
    /// Codes per frame (index 0 = frame 1).
    var decodes: [[Code]]
    /// Whether this is ground truth: every line gives its code's `"id"`.
    var isGroundTruth: Bool

    private struct Header: Decodable {
        var reference: String
        var input: String
        var frames: Int
        var width: Int
        var height: Int
    }

    private struct Line: Decodable {
        var frame: Int
        var text: String
        var corners: [Double]
        var id: Int?
        var visibility: Double?
        var readable: Bool?
    }

    /// Reads and checks `path`; a problem is a ``BenchError`` naming the line and what to do.
    init(path: String) throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw BenchError(message: "cannot read the reference \(path): \((error as NSError).localizedDescription)")
        }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let decoder = JSONDecoder()
        let remake = "; make it again with Benchmarks/reference/make-reference (a demo clip's truth with track --demo --record CLIP --truth REF)"
        guard let first = lines.first, let header = try? decoder.decode(Header.self, from: Data(first)) else {
            throw BenchError(message: "\(path) is not a bench reference: its first line must be a header like "
                             + #"{"reference":…,"input":…,"frames":…,"width":…,"height":…}"# + remake)
        }
        guard header.frames >= 1, header.width >= 1, header.height >= 1 else {
            throw BenchError(message: "\(path): the header gives \(header.frames) frames of \(header.width)x\(header.height)\(remake)")
        }
        var decodes = [[Code]](repeating: [], count: header.frames)
        var identified: Bool?
        for (index, text) in lines.enumerated().dropFirst() where !text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
            let number = index + 1
            guard let line = try? decoder.decode(Line.self, from: Data(text)) else {
                throw BenchError(message: "\(path) line \(number): not a decode {\"frame\":…,\"text\":…,\"corners\":[8 numbers]}\(remake)")
            }
            guard (1...header.frames).contains(line.frame) else {
                throw BenchError(message: "\(path) line \(number): frame \(line.frame) is outside the header's 1...\(header.frames)\(remake)")
            }
            guard line.corners.count == 8, line.corners.allSatisfy(\.isFinite) else {
                throw BenchError(message: "\(path) line \(number): corners must be 8 finite numbers (x0, y0 … x3, y3), not \(line.corners.count)\(remake)")
            }
            if let id = line.id, id < 1 {
                throw BenchError(message: "\(path) line \(number): \"id\" must be 1 or more, not \(id)\(remake)")
            }
            guard identified == nil || identified == (line.id != nil) else {
                throw BenchError(message: "\(path) line \(number): give every line an \"id\" (ground truth) or none (a decoder's reads)\(remake)")
            }
            identified = line.id != nil
            let c = line.corners
            let quad = Quadrilateral(topLeft: Point(x: c[0], y: c[1]), topRight: Point(x: c[2], y: c[3]),
                                     bottomRight: Point(x: c[4], y: c[5]), bottomLeft: Point(x: c[6], y: c[7]))
            let scored = (line.visibility ?? 1) >= BenchTruthRecorder.wholeVisibility && (line.readable ?? true)
            decodes[line.frame - 1].append(Code(payload: line.text, location: quad, instance: line.id, scored: scored))
        }
        isGroundTruth = identified ?? false
        self.decoder = header.reference
        input = header.input
        frames = header.frames
        width = header.width
        height = header.height
        self.decodes = decodes
    }

    /// Throws unless this reference was made for a video of `width`×`height` with `frames`
    /// frames (`limited`: the bench stopped early at `--frames`, so fewer frames are fine).
    func check(against path: String, width: Int, height: Int, frames: Int, limited: Bool) throws {
        let made = "the reference was made for \(input) (\(self.width)x\(self.height), \(self.frames) frames)"
        guard width == self.width, height == self.height, limited ? frames <= self.frames : frames == self.frames else {
            throw BenchError(message: "\(made), but \(path) gives \(width)x\(height) with \(frames) frames; "
                             + "make one for this video with Benchmarks/reference/make-reference (or record the demo again with --truth)")
        }
    }
}
