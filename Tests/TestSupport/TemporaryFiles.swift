public import Foundation

/// Scratch folders and files for tests that write inputs or read back outputs.
public enum TemporaryFiles {
    /// A fresh empty directory under the system's temporary folder; the caller removes it.
    public static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("barcode-tracking-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` to `name` inside `directory` and returns the path.
    @discardableResult
    public static func write(_ bytes: [UInt8], to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
