extension SourceError {
    /// The human message for a failure: what was wrong with `path` and what to do.
    static func advice(for code: Code, path: String, detail: String, operation: MediaOperation,
                       size: (width: Int, height: Int), pixelLimit: Int) -> String {
        let isPattern = path.contains("%")
        switch (operation, code) {
        case (.reading, .notFound) where isPattern:
            return "no file matches the image sequence pattern \(path) (check the folder and the number of digits; "
                + "the first file must be numbered 0...4, e.g. frames/00001.png for frames/%05d.png)"
        case (.reading, .notFound):
            return "cannot open \(path): no such file (check the path and the current directory)"
        case (.reading, .notAFile):
            return "cannot read \(path): it is \(detail == "is a directory" ? "a directory" : "not a regular file") "
                + "(give an image or video file, or an image sequence pattern such as \(path)/%05d.png)"
        case (.reading, .emptyFile):
            return "cannot read \(path): the file is empty (0 bytes); it was probably not written completely, "
                + "copy or record it again"
        case (.reading, .ioFailed):
            return "cannot read \(path): \(detail) (check the file's permissions)"
        case (.reading, .unsupportedFormat):
            return "cannot read \(path): not an image or video that FFmpeg recognises (\(detail)); "
                + "use e.g. PNG, JPEG, WebP, PGM, TIFF, BMP, MP4, MKV, AVI or Y4M"
        case (.reading, .noVideoStream):
            return "cannot read \(path): \(detail); give a file that contains pictures"
        case (.reading, .codecUnavailable):
            return "cannot decode \(path): \(detail) (convert it, e.g. `ffmpeg -i IN -c:v libx264 OUT.mp4`)"
        case (.reading, .imageTooLarge):
            let megapixels = Double(size.width) * Double(size.height) / 1_000_000
            let limit = Double(pixelLimit) / 1_000_000
            return "cannot read \(path): the picture is \(size.width)x\(size.height) "
                + "(\(megapixels.formatted1) megapixels), above the limit of \(limit.formatted1) megapixels "
                + "(scale it down, or raise the pixel limit if the size is genuine)"
        case (.reading, .decodingFailed):
            return "cannot decode \(path): \(detail) (the file is truncated or corrupt; export or copy it again)"
        case (.writing, .notFound):
            return "cannot create \(path): \(detail) (check that its folder exists and accepts new files)"
        case (.writing, .notAFile):
            return "cannot create \(path): a directory has that name (choose a file name)"
        case (.writing, .ioFailed):
            return "cannot write \(path): \(detail) (check that the folder is writable and the disk has space)"
        case (.writing, .invalidArgument):
            return "cannot write \(path): \(detail)"
        case (.writing, .codecUnavailable):
            return "cannot write \(path): \(detail) (choose another extension: .mp4, .mkv, .avi or .y4m)"
        case (.writing, .encodingFailed):
            return "writing \(path) failed: \(detail)"
        case (_, .outOfMemory):
            return "out of memory while \(operation == .reading ? "reading" : "writing") \(path) "
                + "(close other programs or use smaller pictures)"
        default:
            return "\(operation == .reading ? "cannot read" : "cannot write") \(path): \(detail)"
        }
    }
}

extension Double {
    /// The value with one decimal, e.g. "400.0", without Foundation.
    var formatted1: String {
        let tenths = (self * 10).rounded()
        let whole = Int(tenths / 10)
        let fraction = Int(abs(tenths.truncatingRemainder(dividingBy: 10)))
        return "\(whole).\(fraction)"
    }
}
