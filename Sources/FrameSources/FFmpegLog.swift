internal import CFFmpegShim

/// FFmpeg's log, which is global to the process.
///
/// By default this package leaves it alone: FFmpeg prints its warnings and errors
/// to standard error as usual, and ``SourceError/libraryMessage`` stays empty. An
/// application that prefers otherwise calls ``capture()`` once, at startup; a
/// library never changes it by itself. `track` does.
public enum FFmpegLog {
    /// Routes FFmpeg's log into this package for the whole process: FFmpeg prints
    /// nothing, and the last error line it logged is attached to the next
    /// ``SourceError`` (``SourceError/libraryMessage``). Safe to call more than once,
    /// from any thread.
    public static func capture() {
        CFFmpegShim_capture_log()
    }
}
