extension SourceError {
    /// The human message for a failure: what was wrong with `path` and what to do.
    static func advice(for code: Code, path: String, detail: String, operation: MediaOperation,
                       size: (width: Int, height: Int), pixelLimit: Int) -> String {
        let isPattern = path.contains("%")
        switch (operation, code) {
        case (.reading, .notFound) where isPattern:
            let looked = detail.hasPrefix("looked for") ? ": \(detail)" : ""
            return "no file matches the image sequence pattern \(path)\(looked) (check the folder and the number of digits; "
                + "the first file must be numbered 0...4, e.g. frames/00001.png for frames/%05d.png)"
        case (.reading, .invalidArgument) where isPattern:
            return "cannot open \(path): \(detail)"
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
            // Sizes come from headers, forged ones too: never negative, and exact (a 32-bit size can exceed Int32).
            let width = max(size.width, 0), height = max(size.height, 0)
            let pixels = width.multipliedReportingOverflow(by: height)
            let count = pixels.overflow ? "more than \(Int.max.grouped)" : pixels.partialValue.grouped
            return "cannot read \(path): the picture is \(width)x\(height) (\(count) pixels), above the limit of "
                + "\(pixelLimit.grouped) pixels (scale it down, e.g. `ffmpeg -i IN -vf scale=iw/2:-1 OUT.png`; "
                + "library users can raise `pixelLimit` if the size is genuine)"
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

extension Int {
    /// The value with thousands separated by commas, e.g. "100,000,000", without Foundation.
    var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (self < 0 ? "-" : "") + out
    }
}
