import BarcodeTracking
import Foundation
import SyntheticScenes
import TrackBench

/// `--truth REF`: the demo scene's ground truth of each processed frame, written when the run
/// ends as the reference `track bench --input CLIP --reference REF` scores a `--record`ed clip
/// against (``BenchTruthRecorder``). Frame numbers are those of the processed frames, which are
/// the recorded clip's frames.
final class TruthWriter {
    private let path: String
    private let groundTruth: @Sendable (Int) -> GroundTruthFrame
    private var recorder: BenchTruthRecorder
    private(set) var failure: String?

    /// Creates (or empties) `path` at once, so that an unwritable path ends the run before
    /// any frame; `clip` is the recorded clip's path (its file name goes in the header).
    init(path: String, clip: String?, size: Size, groundTruth: @escaping @Sendable (Int) -> GroundTruthFrame) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw JobSetupError(message: "cannot write --truth \(path): \(String(cString: strerror(errno)))",
                                status: ExitStatus.outputError)
        }
        self.path = path
        self.groundTruth = groundTruth
        let input = clip.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "demo"
        recorder = BenchTruthRecorder(input: input, width: Int(size.width), height: Int(size.height))
    }

    /// Adds the truth of the scene's frame `number` as the next processed frame.
    func write(frame number: Int) {
        recorder.append(groundTruth(number))
    }

    /// Writes the file; a failure is said on standard error and kept in ``failure``.
    func finish() {
        do {
            try Data(recorder.text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            failure = (error as NSError).localizedDescription
            StandardError.print("track: cannot write --truth \(path): \(failure ?? "")")
        }
    }
}
