import Foundation
import TestSupport

/// The zxing-cpp sample images in ../shared/data, with their expected payloads.
struct SampleCorpus {
    /// One image (or one structured-append group of images) and what it must decode to.
    struct Case {
        var folder: String
        var name: String
        var images: [URL]
        /// Expected payload bytes (from NAME.txt or NAME.bin).
        var expected: [UInt8]
        var expectedIsText: Bool
    }

    static let root: URL = SharedData.samples

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "pgm", "bmp", "tif", "tiff"]

    static var folders: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    static func images(in folder: String) -> [URL] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { dir.appendingPathComponent($0) }
    }

    /// The cases of a folder: images with a NAME.txt/NAME.bin; images named
    /// `G-I.png` with a `G.txt` form one structured-append group.
    static func cases(in folder: String) -> [Case] {
        let dir = root.appendingPathComponent(folder)
        var groups: [String: [URL]] = [:]
        for image in images(in: folder) {
            let stem = image.deletingPathExtension().lastPathComponent
            groups[expectationStem(for: stem, in: dir), default: []].append(image)
        }
        return groups.keys.sorted().compactMap { stem in
            let txt = dir.appendingPathComponent(stem + ".txt"), bin = dir.appendingPathComponent(stem + ".bin")
            if let data = FileManager.default.contents(atPath: bin.path) {
                return Case(folder: folder, name: stem, images: groups[stem]!, expected: [UInt8](data), expectedIsText: false)
            }
            if let data = FileManager.default.contents(atPath: txt.path) {
                return Case(folder: folder, name: stem, images: groups[stem]!, expected: [UInt8](data), expectedIsText: true)
            }
            return nil
        }
    }

    private static func expectationStem(for stem: String, in dir: URL) -> String {
        let own = ["txt", "bin"].contains { FileManager.default.fileExists(atPath: dir.appendingPathComponent(stem + "." + $0).path) }
        if own { return stem }
        if let dash = stem.lastIndex(of: "-") {
            let group = String(stem[..<dash])
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(group + ".txt").path) { return group }
        }
        return stem
    }
}
