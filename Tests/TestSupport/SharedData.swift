public import Foundation
public import Testing

/// The real images and clips in `../shared/data` (beside the checkout) that the
/// integration tests read, and where the built products are.
public enum SharedData {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/data`, or the folder `BARCODE_TRACKING_SHARED_DATA` names (to keep
    /// the data elsewhere, or to check that the suite skips cleanly without it).
    public static let root = ProcessInfo.processInfo.environment["BARCODE_TRACKING_SHARED_DATA"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.appendingPathComponent("../shared/data").standardizedFileURL
    /// zxing-cpp's sample images, one folder per symbology.
    public static let samples = root.appendingPathComponent("zxing-cpp-samples")
    /// The real hand-held recordings.
    public static let video = root.appendingPathComponent("video")

    /// Whether the sample images and the clips are there.
    public static var isPresent: Bool {
        var folder: ObjCBool = false
        return [samples, video].allSatisfy { FileManager.default.fileExists(atPath: $0.path, isDirectory: &folder) && folder.boolValue }
    }

    /// Why the tests that need the data are skipped without it.
    public static let absenceReason = "../shared/data (zxing-cpp-samples and video) is not beside the checkout: "
        + "these tests read real images and clips from it (.ci/run refuses to run without it, so CI never skips them)"
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite or test only when ``SharedData`` is present, and otherwise
    /// skips it saying why.
    public static var needsSharedData: Self {
        .enabled(if: SharedData.isPresent, Comment(rawValue: SharedData.absenceReason))
    }
}

/// The package's built executables (`track`, `camera-probe`, the samples).
public enum BuiltProducts {
    /// The executable `name` built beside the test bundle (the build folder of this
    /// test run, debug or release), or else in the package's default build folder.
    public static func executable(named name: String) -> URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let fallback = SharedData.packageRoot.appendingPathComponent(".build/debug")
        for folder in [besideTests, besideTests.deletingLastPathComponent(), fallback] {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return fallback.appendingPathComponent(name)
    }
}
