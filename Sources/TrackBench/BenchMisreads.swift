import BarcodeEngine
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

/// Baseline reads whose quad zxing-cpp placed where no code can be.
///
/// zxing-cpp 1.4 sometimes reads a 2-D code cut by the frame's edge right but returns
/// corners at the image's origin: a PDF417 at the top edge of a sheet whip as
/// (54,1)(0,0)(0,0)(51,81), a rectangular Data Matrix as (721,0)(0,0)(0,0)(724,35). Such a
/// quad locates nothing (a spot over the frame's corner, not over the code), so no
/// pipeline's box can share a spot with it: as a frame/code pair of the baseline's reads it
/// would count as missed by an engine whose box sits on the code. These reads are left out
/// of the reference made of the baseline's decodes, like a frame the baseline did not read
/// (don't-care between two reads), by the test the engine applies to its own reads
/// (``TrackingEngine/isPlausible(_:linear:)``: no side of a 2-D quad under 4 pixels; a
/// 1-D read, a scan line, needs one pair of opposite sides that long).
enum BenchMisplacedReads {
    /// Whether a read of `symbology` at `location` (frame pixels) is misplaced.
    static func isMisplaced(_ location: Quadrilateral, symbology: Symbology) -> Bool {
        !TrackingEngine.isPlausible(location, linear: symbology.isLinear)
    }
}
