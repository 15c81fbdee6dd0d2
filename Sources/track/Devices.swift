import ArgumentParser
import FrameSources

/// `track devices`: the cameras on this machine with their formats, sizes and controls.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List V4L2 cameras with their formats, frame sizes, rates and controls.")

    @Argument(help: "Devices to describe (default: every /dev/video*).")
    var paths: [String] = []

    func run() throws {
        let paths = self.paths.isEmpty ? Camera.devicePaths() : self.paths
        if paths.isEmpty {
            print("no V4L2 devices found (/dev/video* is empty; is a camera plugged in and the uvcvideo driver loaded?)")
            throw ExitCode(1)
        }
        var worst: Int32 = 0
        for path in paths {
            do {
                let info = try Camera.describe(path: path)
                print("\(info.path): \(info.card) (\(info.driver), \(info.busInfo))")
                for format in info.formats {
                    print("  \(format.fourCC) \(format.description)\(format.isCompressed ? " (compressed)" : "")")
                    for mode in format.modes { print("    \(mode)") }
                }
                if !info.controls.isEmpty {
                    print("  controls:")
                    for control in info.controls { print("    \(control.deviceListing)") }
                }
            } catch {
                StandardError.print("\(path): \(error.message)")
                worst = max(worst, ExitStatus.camera(error.code))
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}
