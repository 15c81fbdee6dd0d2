import ArgumentParser
import Foundation

/// Refuses outputs that would overwrite the input or each other, before anything is opened:
/// `--output` truncates its file when opened, so `--input v.mkv --output v.mkv` used to empty the video.
enum OutputConflicts {
    /// What identifies a file: device and inode when it exists, else its absolute path with the folder resolved.
    private enum Identity: Equatable {
        case node(dev: UInt64, ino: UInt64, isCharacterDevice: Bool)
        case path(String)

        init(_ path: String) {
            var info = stat()
            if stat(path, &info) == 0 {
                self = .node(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino),
                             isCharacterDevice: (info.st_mode & S_IFMT) == S_IFCHR)
                return
            }
            let url = URL(fileURLWithPath: path).standardizedFileURL
            let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().path
            self = .path(folder + "/" + url.lastPathComponent)
        }

        /// `/dev/null` and the like: several outputs may share them.
        var isCharacterDevice: Bool {
            if case .node(_, _, true) = self { return true }
            return false
        }
    }

    /// Throws a message naming the options when an output is the input or two outputs are one file.
    /// - Parameters:
    ///   - inputs: the input options and their paths (`--input`, `--device`); absent ones are `nil`.
    ///   - outputs: the output options and their paths; `nil` and `-` (standard output) are skipped.
    static func check(inputs: [(option: String, path: String?)], outputs: [(option: String, path: String?)]) throws {
        let given = outputs.compactMap { entry in entry.path.flatMap { $0 == "-" ? nil : (entry.option, $0, Identity($0)) } }
        for (option, path) in inputs {
            guard let path else { continue }
            let identity = Identity(path)
            guard case .node = identity else { continue }
            for (outputOption, outputPath, outputIdentity) in given where outputIdentity == identity {
                throw ValidationError("\(outputOption) \(outputPath) is the input (\(option) \(path)); writing it would destroy "
                                      + "what is being read: choose another file for \(outputOption)")
            }
        }
        for (i, first) in given.enumerated() {
            for second in given[(i + 1)...] where first.2 == second.2 && !first.2.isCharacterDevice {
                throw ValidationError("\(first.0) \(first.1) and \(second.0) \(second.1) are the same file; give each its own file")
            }
        }
    }
}
