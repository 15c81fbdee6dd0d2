import BarcodeTracking
import Foundation

/// Decodes of a video by another decoder, the reference `track bench --input FILE
/// --reference REF` scores both pipelines against (instead of the baseline's own decodes).
///
/// JSON Lines, as `Benchmarks/reference/make-reference` writes them (zxing-cpp 3.x): a
/// header `{"reference": NAME, "input": FILE, "frames": N, "width": W, "height": H}`, then
/// one line per decode `{"frame": F, "format": S, "text": T, "corners": [x0, y0, … x3, y3]}`
/// with frames numbered from 1 and corners in frame pixels.
struct BenchReferenceFile: Sendable {
    /// Who made the reference, e.g. `zxing-cpp 3.1.1 (Python)`.
    var decoder: String
    /// The file name of the video it was made from.
    var input: String
    /// Frames of that video, and their size in pixels.
    var frames: Int, width: Int, height: Int
    /// Decodes per frame (index 0 = frame 1): payload text and corners in frame pixels.
    var decodes: [[(payload: String, location: Quadrilateral)]]

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
    }

    /// Reads and checks `path`; a problem is a ``BenchError`` naming the line and what to do.
    init(path: String) throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw BenchError(message: "cannot read the reference \(path): \((error as NSError).localizedDescription)")
        }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let decoder = JSONDecoder()
        let remake = "; make it again with Benchmarks/reference/make-reference"
        guard let first = lines.first, let header = try? decoder.decode(Header.self, from: Data(first)) else {
            throw BenchError(message: "\(path) is not a bench reference: its first line must be a header like "
                             + #"{"reference":…,"input":…,"frames":…,"width":…,"height":…}"# + remake)
        }
        guard header.frames >= 1, header.width >= 1, header.height >= 1 else {
            throw BenchError(message: "\(path): the header gives \(header.frames) frames of \(header.width)x\(header.height)\(remake)")
        }
        var decodes = [[(payload: String, location: Quadrilateral)]](repeating: [], count: header.frames)
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
            let c = line.corners
            let quad = Quadrilateral(topLeft: Point(x: c[0], y: c[1]), topRight: Point(x: c[2], y: c[3]),
                                     bottomRight: Point(x: c[4], y: c[5]), bottomLeft: Point(x: c[6], y: c[7]))
            decodes[line.frame - 1].append((line.text, quad))
        }
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
                             + "make one for this video with Benchmarks/reference/make-reference")
        }
    }
}
