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

    /// Runs `body` with a fresh empty directory (see ``directory()``) and removes the
    /// directory afterwards, whether `body` returns or throws.
    public static func withDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let url = try directory()
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    /// Writes `bytes` as `name` in a fresh directory and runs `body` with the file's path;
    /// the directory goes when `body` returns or throws.
    public static func withFile<Result>(_ bytes: [UInt8], named name: String,
                                        _ body: (String) throws -> Result) throws -> Result {
        try withDirectory { try body(try write(bytes, to: name, in: $0)) }
    }

    /// Writes `bytes` to `name` inside `directory` and returns the path.
    @discardableResult
    public static func write(_ bytes: [UInt8], to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
