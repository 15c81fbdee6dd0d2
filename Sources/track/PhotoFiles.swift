import Foundation
import FrameSources
import SyntheticScenes

/// `--photo` values that may name folders: a folder stands for the pictures in it and in its
/// subfolders (`.png`, `.jpg`, `.jpeg`, any case), in path order; anything else stands for itself,
/// so that a missing or unreadable file gets the image reader's own error.
enum PhotoFiles {
    static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Each folder among `paths` replaced by its pictures; a folder without any is an error (`notFound`).
    static func expand(_ paths: [MediaPath]) throws(SourceError) -> [MediaPath] {
        var files: [MediaPath] = []
        for path in paths {
            var isFolder: ObjCBool = false
            let text = path.string
            guard path.isValidUTF8, FileManager.default.fileExists(atPath: text, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(path)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: text) else {
                throw SourceError(.ioFailed, "cannot list the folder \(text): check that it is readable", path: text)
            }
            let pictures = walker.compactMap { $0 as? String }
                .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted()
            guard !pictures.isEmpty else {
                throw SourceError(.notFound, "the folder \(text) holds no .png or .jpg picture", path: text)
            }
            files += pictures.map { MediaPath((text as NSString).appendingPathComponent($0)) }
        }
        return files
    }

    /// The labels a station scene cuts from the `--photo` values (``LabelPhoto/load(_:modulePixels:)``),
    /// and how many photos they came from.
    /// - Throws: ``SourceError``: a photo's own loading error, or `invalidArgument` when no label
    ///   could be cut from any of them.
    static func labels(_ values: [String], modulePixels: Double) throws(SourceError) -> (labels: [LabelPhoto], photos: Int) {
        let files = try expand(RawArguments.paths(values))
        let labels = try LabelPhoto.load(files, modulePixels: modulePixels)
        guard !labels.isEmpty else {
            throw SourceError(
                .invalidArgument,
                "no label could be cut from the \(files.count) photo(s): the still read (track scan) confirms no code in them; give photos of barcodes"
            )
        }
        return (labels, files.count)
    }
}
