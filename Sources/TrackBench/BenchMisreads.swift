import BarcodeTracking

/// Baseline reads that a file's ground truth shows to be misreads.
///
/// On a file the engine's coverage of the baseline's reads and its lag behind them are
/// measured on the baseline's own decodes (a recorded scene's truth may leave out codes the
/// baseline reads); a misread there was a code the engine had to report too, and the engine,
/// whose misread protection holds single 1-D reads back, was counted as missing it (photo
/// clips: a UPC-E read as `00173452`, a Codabar as `A801251784B`). With ground truth, a read is
/// a misread when a truth code of another payload lies on its spot and none of its own does.
enum BenchMisreads {
    /// Whether a read of `payload` at `location` (frame pixels) is a misread by `truth`, the
    /// frame's ground truth: a truth code lies on its spot (either quad holds the other's
    /// centre) and every such code carries another payload. A read on no truth code is not
    /// one (truth may leave a code out).
    static func isMisread(_ payload: String, at location: Quadrilateral, truth: [BenchReferenceFile.Code]) -> Bool {
        let onSpot = truth.filter { $0.location.sharesSpot(with: location) }
        return !onSpot.isEmpty && !onSpot.contains { $0.payload == payload }
    }
}
