import Foundation

/// The small file that keeps a station's pallet numbering across restarts:
/// `{"station":"dock-3","nextPallet":42}`.
///
/// Written whole to a temporary file beside it, flushed to disk, then renamed over
/// it, so that a station killed at any moment leaves either the old or the new
/// number, never a torn file.
public struct StationStateFile: Sendable {
    /// The file's path.
    public let path: String

    /// The state file at `path` (it need not exist yet).
    public init(path: String) {
        self.path = path
    }

    /// The number the station's next pallet gets: 1 when the file does not exist.
    /// Throws ``StationError`` (``BarcodeError/Code-swift.struct/stateFile``) when it
    /// exists but cannot be read, is not a state file, or belongs to another station.
    public func nextNumber(for station: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 1 }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StationError(.stateFile, "cannot read the station state file \(path); check its permissions", path: path)
        }
        guard let state = try? JSONDecoder().decode(State.self, from: data), state.nextPallet >= 1 else {
            throw StationError(.stateFile, "\(path) is not a station state file (expected {\"station\":…,\"nextPallet\":N}); move it away or name another with --state", path: path)
        }
        guard state.station == station else {
            throw StationError(.stateFile, "\(path) numbers the pallets of station '\(state.station)', not '\(station)'; give each station its own state file", path: path)
        }
        return state.nextPallet
    }

    /// Records that the station's next pallet is `number`, durably.
    public func save(nextNumber number: Int, for station: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(State(station: station, nextPallet: number))
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data + Data("\n".utf8))
            try handle.synchronize()
            guard rename(temporary.path, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let directory = open(folder.path, O_RDONLY)
            if directory >= 0 {
                fsync(directory)
                close(directory)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw StationError(.stateFile, "cannot write the station state file \(path): \((error as NSError).localizedDescription); check that its folder is writable and the disk not full", path: path)
        }
    }

    private struct State: Codable {
        var station: String
        var nextPallet: Int
    }
}
