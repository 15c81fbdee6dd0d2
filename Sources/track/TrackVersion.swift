import BarcodeDecoding
import FrameSources

/// What `track --version` prints: this package's version and the versions of the libraries that
/// decode the codes and read the files, the three facts a bug report needs.
enum TrackVersion {
    /// This package's version (semantic versioning; raise it with each release).
    static let number = "0.1.0"

    /// One line, e.g. `track 0.1.0 (zxing-cpp 1.4.0, FFmpeg 5.1.9-0+deb12u1)`.
    static var line: String {
        "track \(number) (zxing-cpp \(BarcodeReader.zxingVersion), FFmpeg \(MediaFileSource.ffmpegVersion))"
    }
}
