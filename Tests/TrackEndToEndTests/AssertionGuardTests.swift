import TestSupport
import Foundation
import Testing

/// The zxing-cpp assertion guard replaces glibc's `__assert_fail` for a whole
/// process, so it is opt-in: `track` links it, a library user's program does not
/// unless it adds the ZXingAssertionGuard product.
struct AssertionGuardTests {
    /// How `nm` lists `__assert_fail` in the built executable `name`: "T" when defined there.
    static func assertFailSymbol(in name: String) throws -> String? {
        let listing = try TrackProcess.launch(URL(fileURLWithPath: "/usr/bin/nm"), [TrackProcess.executable(named: name).path])
        return listing.stdout.split(separator: "\n")
            .first { $0.hasSuffix(" __assert_fail") }
            .map { String($0.split(separator: " ").dropLast().last ?? "") }
    }

    @Test("track defines the guard's __assert_fail; a sample that did not opt in leaves glibc's in place")
    func optIn() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "binutils' nm is needed")
        #expect(try Self.assertFailSymbol(in: "track") == "T")
        #expect(try Self.assertFailSymbol(in: "pallet-counter") != "T")
    }
}
