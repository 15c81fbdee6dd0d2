import BarcodeTracking
import Testing
import TrackArguments

struct MarginsSpecificationTests {
    @Test("Pixels and percentages parse into the four edges, spaces and empty items tolerated")
    func parsesEdges() throws {
        let spec = try MarginsSpecification(parsing: " 20, 10% ,,0,100%")
        #expect(spec.margins == ScanArea.Margins(left: .pixels(20), top: .fraction(0.1), right: .pixels(0), bottom: .fraction(1)))
    }

    @Test("A count other than four values is refused with track's message", arguments: ["", "1,2,3", "1,2,3,4,5", ",,,,"])
    func wrongCount(text: String) {
        #expect { try MarginsSpecification(parsing: text) } throws: { error in
            (error as? TrackingError)?.message == "--margins needs four values left,top,right,bottom, e.g. 20,0,20,0 or 10%,0,10%,0"
        }
    }

    @Test("Negative, non-finite, non-numeric and over-100% values are refused, naming the value",
          arguments: ["-1", "101%", "inf", "nan", "1e400", "x", "%", "5px"])
    func badValue(value: String) {
        #expect { try MarginsSpecification(parsing: "0,0,0,\(value)") } throws: { error in
            (error as? TrackingError)?.message == "--margins: '\(value)' is not a non-negative number of pixels or a percentage up to 100%"
        }
    }
}
