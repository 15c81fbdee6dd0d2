import BarcodeTracking
import JSONLines
package import SyntheticScenes

/// Collects a demo scene's ground truth frame by frame and writes it as a reference
/// (``BenchReferenceFile``) for `track bench --input CLIP --reference REF`: `track --demo
/// --record CLIP --truth REF` writes one beside the clip, so that a recorded clip is scored
/// against what was in view, not against what one decoder read.
///
/// Like the bench's own photo scenes, a code never readable in the recorded frames (too
/// small, too blurred, never wholly in view) is left out; one readable in some of them is
/// written in every frame it is at least partly in view, with its visibility and whether it
/// is readable there.
package struct BenchTruthRecorder: Sendable {
    /// The visibility (fraction of the code in the frame) from which a code counts as wholly in
    /// view; the 5 × 5 samples of the scenes' visibility give 1 exactly, the rest is rounding.
    static let wholeVisibility = 0.999

    private let input: String
    private let width: Int, height: Int
    private var frames: [[GroundTruthCode]] = []

    /// A recorder for a clip named `input` (the file name `bench --input` is given) of
    /// `width` × `height` frame pixels.
    package init(input: String, width: Int, height: Int) {
        self.input = input
        self.width = width
        self.height = height
    }

    /// Adds the truth of the clip's next frame (frames are numbered by the order they are added,
    /// from 1, as the recorded clip numbers them).
    package mutating func append(_ truth: GroundTruthFrame) {
        frames.append(truth.codes)
    }

    /// Frames added so far.
    package var frameCount: Int { frames.count }

    /// The reference file's text: the header, then one line per code and frame.
    package var text: String {
        var readable = Set<String>()
        for codes in frames { for code in codes where code.readable { readable.insert(code.payload) } }
        var header = JSONObject()
        header.add("reference", .string("ground truth"))
        header.add("input", .string(input))
        header.add("frames", .int(frames.count))
        header.add("width", .int(width))
        header.add("height", .int(height))
        var lines = [header.text]
        for (index, codes) in frames.enumerated() {
            for code in codes where readable.contains(code.payload) {
                var line = JSONObject()
                line.add("frame", .int(index + 1))
                line.add("format", .string(code.symbology.rawValue))
                line.add("text", .string(code.payload))
                line.add("corners", .array(code.location.corners.flatMap { [JSONValue.number($0.x, decimals: 2), .number($0.y, decimals: 2)] }))
                line.add("id", .int(code.instance))
                line.add("visibility", .number(code.visibility, decimals: 3))
                line.add("readable", .bool(code.readable))
                lines.append(line.text)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
