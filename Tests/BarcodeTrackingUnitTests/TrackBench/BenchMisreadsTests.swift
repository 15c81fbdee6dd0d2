import BarcodeTracking
import Testing
@testable import TrackBench

/// Which baseline reads a file's ground truth shows to be misreads.
struct BenchMisreadsTests {
    static func code(_ payload: String, x: Double) -> BenchReferenceFile.Code {
        BenchReferenceFile.Code(payload: payload, location: BenchFixtures.square(x: x), instance: 1, scored: true)
    }

    @Test("A read on a truth code of another payload is a misread; on its own code, or on no truth code, it is not")
    func misreadsByTruth() {
        let truth = [Self.code("00123457", x: 0), Self.code("A1234567890A", x: 100)]
        // The UPC-E's spot, read wrong (a band of rows, its centre inside the truth quad).
        let band = Quadrilateral(Rect(x: 2, y: 8, width: 16, height: 4))
        #expect(BenchMisreads.isMisread("00173452", at: band, truth: truth))
        #expect(!BenchMisreads.isMisread("00123457", at: band, truth: truth))
        // Beside every truth code: truth may leave a code out (a photo's unannotated PDF417).
        #expect(!BenchMisreads.isMisread("This is PDF417", at: BenchFixtures.square(x: 300), truth: truth))
        // A large quad holding the truth code's centre counts as on its spot too.
        let wide = Quadrilateral(Rect(x: 90, y: -10, width: 60, height: 40))
        #expect(BenchMisreads.isMisread("A801251784B", at: wide, truth: truth))
        // Two truth codes on the spot (a code and its add-on): a read of either is no misread.
        let stacked = truth + [Self.code("01", x: 5)]
        #expect(!BenchMisreads.isMisread("01", at: band, truth: stacked))
        #expect(!BenchMisreads.isMisread("00123457", at: band, truth: []))
    }
}
