import Testing

/// `track devices` on the V4L2 stand-in: what a user copies into `--control`.
struct DevicesCommandTests {
    @Test("track devices names each control as --control takes it, with its values, and the name works in --control")
    func controlsByName() throws {
        let (listing, _) = try CameraRunTests.run(["devices", CameraRunTests.device])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(!listing.stdout.contains("CameraControlInfo("), "no Swift dumps: \(listing.stdout)")
        let controls = listing.lines.drop { $0 != "  controls:" }.dropFirst()
        #expect(!controls.isEmpty, "\(listing.stdout)")
        // Each line starts with the name `--control` takes: lowercase words joined by underscores.
        for line in controls {
            let name = String(line.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            #expect(!name.isEmpty && name == name.lowercased(), "\(line)")
        }
        // A listed integer control can be set by the name shown, within the range shown.
        let integer = try #require(controls.first { $0.contains("=") && $0.contains("...") })
        let name = String(integer.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        let range = try #require(integer.split(separator: "=").dropFirst().first?.split(separator: " ").first)
        let minimum = try #require(range.split(separator: ".").first.flatMap { Int($0) })
        let (run, _) = try CameraRunTests.run(["--device", CameraRunTests.device, "--size", "640x480", "--frames", "2",
                                               "--control", "\(name)=\(minimum)"])
        #expect(run.status == 0 || run.status == 1, "\(name)=\(minimum): \(run.stderr)")
        #expect(!run.stderr.contains("no control named"), "\(run.stderr)")
    }
}
