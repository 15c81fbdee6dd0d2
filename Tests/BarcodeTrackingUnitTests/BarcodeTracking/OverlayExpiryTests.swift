import Testing
import BarcodeTracking

struct OverlayExpiryTests {
    @Test("Expiry lengths from 0.5 to 5.0 s are accepted, the default is 1.0 s", arguments: [0.5, 1.0, 2.75, 5.0])
    func accepted(seconds: Double) throws {
        #expect(try OverlayExpiry(seconds: seconds).seconds == seconds)
        #expect(OverlayExpiry.default.seconds == 1.0)
    }

    @Test("Expiry lengths outside 0.5...5.0 s are rejected", arguments: [0.0, 0.499, 5.001, -1, .infinity, .nan])
    func rejected(seconds: Double) {
        #expect { try OverlayExpiry(seconds: seconds) } throws: { error in
            (error as? OverlayError)?.code == .expiryOutOfRange && "\(error)".contains("0.5")
        }
    }
}
