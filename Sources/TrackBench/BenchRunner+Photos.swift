import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes

extension BenchRunner {
    /// Renders a photo scene once per frame and hands each frame to both pipelines.
    ///
    /// The reference is the scene's ground truth, limited to what a decoder can be expected
    /// to read: codes never readable in the whole scene (too small, too blurred, never wholly
    /// in view) are left out, and a code/frame pair counts for coverage only when the code is
    /// readable in that frame (``PhotoCodeState/readable``).
    func run(photoScene name: String, photos: [String], camera c: PhotoSceneConfiguration) throws -> Outcome {
        let scene: PhotoScene
        do {
            scene = try PhotoScene(photos: photos, configuration: c)
        } catch {
            let result = BenchSequenceResult(
                name: name, width: c.width, height: c.height, frames: 0, codes: 0, modulePixels: nil,
                reference: "ground truth", skipped: "\(error.message) (run from the package root, next to ../shared/data)",
                engine: nil, baseline: nil, sourcePerFrame: 0, peakMemoryMiB: Self.peakMemoryMiB())
            return Outcome(result: result, frameRate: c.frameRate)
        }
        progress("  \(scene.summary)")
        var readable = Set<String>()
        for number in 1...c.frameCount {
            for code in scene.groundTruth(frame: number).codes where code.readable { readable.insert(code.payload) }
        }
        let run = try rendered(frames: c.frameCount) { number in
            let (frame, groundTruth) = scene.render(frame: number)
            return (frame, groundTruth.codes.filter { readable.contains($0.payload) }.map {
                BenchTruthObject(id: $0.instance, payload: $0.payload, location: $0.location,
                                 fullyVisible: $0.visibility >= 0.999 && $0.readable)
            })
        }
        let result = BenchSequenceResult(
            name: name, width: c.width, height: c.height, frames: c.frameCount, codes: readable.count,
            modulePixels: nil, reference: "ground truth", skipped: nil,
            engine: run.compared.engine, baseline: run.compared.baseline,
            decodeLagBehindBaseline: run.compared.lag, engineCoverageOfBaseline: run.compared.coverage,
            sourcePerFrame: run.sourcePerFrame, peakMemoryMiB: Self.peakMemoryMiB())
        return Outcome(result: result, engine: run.engine, baseline: run.baseline, frameRate: c.frameRate)
    }

    /// A real clip of the default run, scored against the baseline; a clip that cannot be
    /// read is reported as not run instead of ending the whole benchmark.
    func run(clip path: String) throws -> Outcome {
        do {
            return try run(file: path, frames: nil)
        } catch {
            let result = BenchSequenceResult(
                name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, width: 0, height: 0, frames: 0,
                codes: 0, modulePixels: nil, reference: "baseline decodes", skipped: "\(error)", engine: nil, baseline: nil,
                sourcePerFrame: 0, peakMemoryMiB: Self.peakMemoryMiB())
            return Outcome(result: result, frameRate: 30)
        }
    }
}
