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

/// Which baseline reads zxing-cpp placed where no code can be.
struct BenchMisplacedReadsTests {
    static func quad(_ points: [(Double, Double)]) -> Quadrilateral {
        Quadrilateral(topLeft: Point(x: points[0].0, y: points[0].1), topRight: Point(x: points[1].0, y: points[1].1),
                      bottomRight: Point(x: points[2].0, y: points[2].1), bottomLeft: Point(x: points[3].0, y: points[3].1))
    }

    @Test("A 2-D read with two corners on the image's origin is misplaced; a 1-D scan line and whole quads are not")
    func misplacedByShape() {
        // zxing-cpp 1.4's reads of codes cut by the top edge (photo clips' sheet whip and zoom).
        #expect(BenchMisplacedReads.isMisplaced(Self.quad([(54, 1), (0, 0), (0, 0), (51, 81)]), symbology: .pdf417))
        #expect(BenchMisplacedReads.isMisplaced(Self.quad([(721, 0), (0, 0), (0, 0), (724, 35)]), symbology: .dataMatrix))
        // The same PDF417 where the baseline placed it in the frame before.
        #expect(!BenchMisplacedReads.isMisplaced(Self.quad([(209, 0), (447, 0), (446, 62), (208, 55)]), symbology: .pdf417))
        // A 1-D read is a scan line: its corners pair up, and it is where the code is.
        #expect(!BenchMisplacedReads.isMisplaced(Self.quad([(100, 50), (300, 50), (300, 50), (100, 50)]), symbology: .code128))
        #expect(BenchMisplacedReads.isMisplaced(Self.quad([(100, 50), (101, 50), (101, 51), (100, 51)]), symbology: .code128))
    }
}
