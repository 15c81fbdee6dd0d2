import Foundation

/// Lines for people on standard error, so standard output stays machine-readable.
enum StandardError {
    static func print(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
