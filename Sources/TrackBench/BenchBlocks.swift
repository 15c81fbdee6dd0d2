import BarcodeTracking

/// Hands frames to both pipelines in blocks: every frame of a block to one pipeline, then
/// every frame to the other, the order alternating from block to block.
///
/// The engine is told each frame's successor within the block, as `track` tells it on files
/// (``BarcodeEngine/TrackingEngine/prepare(next:)``): work it starts early for the next frame
/// (a whole-frame read in a reader process) then overlaps only its own frames, never the other
/// pipeline's nor the source's, whose time would otherwise hide it. The last frame of a block
/// names no successor, so nothing runs past a block. Under a frame budget the engine is told
/// no successor (a live source's is not known), and reads it carried over past its frames'
/// time are waited for at the block's end (``BenchEnginePipeline/settle()``). Blocks long
/// enough that this costs the engine little, short enough that both pipelines see the machine
/// in much the same state.
struct BenchBlocks {
    /// Frames per block.
    static let frames = 30

    let engine: BenchEnginePipeline
    let baseline: BenchBaselinePipeline
    private var pending: [Frame] = []
    private var blocks = 0
    /// What each pipeline reported, and the baseline's detections, per frame handed on so far.
    private(set) var engineReports: [[BenchReportedTrack]] = [], baselineReports: [[BenchReportedTrack]] = []
    private(set) var baselineDetections: [[Detection]] = []

    init(engine: BenchEnginePipeline, baseline: BenchBaselinePipeline) {
        self.engine = engine
        self.baseline = baseline
    }

    /// Adds `frame` to the block, running the block when it is full.
    mutating func append(_ frame: Frame) throws {
        pending.append(frame)
        if pending.count >= Self.frames { try flush() }
    }

    /// Runs the frames not run yet (call once after the last frame).
    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        blocks += 1
        var e: [[BenchReportedTrack]] = [], b: [[BenchReportedTrack]] = [], detections: [[Detection]] = []
        func runEngine() throws {
            let live = engine.detector.configuration.frameTimeBudget != nil || engine.detector.configuration.lateReadTime != nil
            for (index, frame) in pending.enumerated() {
                let next = !live && index + 1 < pending.count ? pending[index + 1] : nil
                e.append(try engine.process(frame, capture: benchNow(), next: next))
            }
            engine.settle()
        }
        func runBaseline() throws {
            for frame in pending {
                b.append(try baseline.process(frame, capture: benchNow()))
                detections.append(baseline.lastDetections)
            }
        }
        if blocks % 2 == 1 {
            try runEngine()
            try runBaseline()
        } else {
            try runBaseline()
            try runEngine()
        }
        engineReports += e
        baselineReports += b
        baselineDetections += detections
        pending.removeAll(keepingCapacity: true)
    }
}
