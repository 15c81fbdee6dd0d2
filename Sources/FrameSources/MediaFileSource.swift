public import BarcodeTracking
#if canImport(Glibc)
import Glibc
#endif

/// Frames from any file FFmpeg reads: MP4/H.264, MKV, AVI/MJPEG, Y4M, image
/// sequences such as `frames/%05d.png`, and single still images (one frame).
///
/// Frames are 8-bit luma in frame pixels (origin top left, y down), numbered
/// from 1 in decoding order; a frame skipped as damaged keeps its number (the gap
/// its neighbours' timestamps leave, at the nominal frame rate) and is listed by
/// ``takeDamagedFrames()``. Times are seconds from the stream's timestamps
/// (`best_effort_timestamp × time_base`); when a stream has none, the frame
/// index divided by the nominal rate (25 fps when the rate is unknown).
/// Stream timestamps need not start at 0 (MPEG-TS often starts near 1.4 s);
/// image sequences are timed at FFmpeg's default 25 fps.
///
/// Damage never throws: undecodable packets and frames flagged corrupt are
/// skipped and counted in ``damagedFrameCount``; a file that ends early (cut
/// off, read error, fewer frames than its index announces) delivers what
/// decodes and then ends, with ``damageReport`` saying so. `nextFrame()` throws
/// only for failures that make further frames impossible (e.g. a picture over
/// the pixel limit, memory).
///
/// Like every ``FrameSource`` it is owned by one thread at a time; it is not `Sendable`.
public final class MediaFileSource: FrameSource {
    /// The version of FFmpeg that reads media files, as its libraries report it at run time
    /// (e.g. "5.1.9-0+deb12u1" on Debian 12): worth naming in a bug report about a file.
    public static var ffmpegVersion: String { ffmpegRuntimeVersion() }

    /// How the source is read.
    public struct Options: Sendable, Hashable {
        /// Pace frames to the stream's timestamps (default `false`: as fast as they are asked for).
        ///
        /// When `true`, `nextFrame()` sleeps until the frame's time has come (measured
        /// from the first frame, on a monotonic clock), and skips frames whose time
        /// has passed by more than ``lateFrameTolerance`` because the consumer was
        /// late; skipped frames keep their numbers and are counted in
        /// ``MediaFileSource/droppedFrameCount``. The source then reports `isLive`,
        /// so the pipeline treats it like a camera.
        public var realtime: Bool
        /// In realtime mode, how late (seconds) a frame may be before it is dropped. Default 0.1.
        public var lateFrameTolerance: Double
        /// The largest `width × height` accepted, in pixels. Default ``ImageFile/defaultPixelLimit``.
        public var pixelLimit: Int

        /// Creates options; see the properties for the defaults.
        public init(realtime: Bool = false, lateFrameTolerance: Double = 0.1,
                    pixelLimit: Int = ImageFile.defaultPixelLimit) {
            self.realtime = realtime
            self.lateFrameTolerance = lateFrameTolerance
            self.pixelLimit = pixelLimit
        }
    }

    /// What went wrong while reading, for a source that delivered what it could.
    public struct DamageReport: Sendable, Hashable, CustomStringConvertible {
        /// Packets or frames skipped because they did not decode or were flagged corrupt.
        public var skippedCount: Int
        /// True when reading stopped before the end of the stream (file cut off,
        /// read error, or fewer frames than the container announced).
        public var truncated: Bool
        /// The first problem, in words (with FFmpeg's message when it gave one).
        public var message: String

        /// A one-line summary.
        public var description: String {
            (truncated ? "truncated: " : "") + "\(skippedCount) damaged frame(s) skipped; \(message)"
        }
    }

    /// The path or pattern as given, printable (``MediaPath/description``: bytes that are not
    /// UTF-8 appear as `\xNN`).
    public let path: String
    /// The last path component, for messages.
    public let name: String
    /// The options the source was opened with.
    public let options: Options
    /// Width of the frames in pixels (from the first frame; the container's value if there is none).
    public let frameWidth: Int
    /// Height of the frames in pixels (from the first frame; the container's value if there is none).
    public let frameHeight: Int
    /// Nominal frame rate in frames per second as the container states it; `nil` when unknown.
    public let nominalFrameRate: Double?
    /// The number of frames the container announces; `nil` when it does not say.
    public let announcedFrameCount: Int?
    /// Duration in seconds as the container states it; `nil` when unknown.
    public let duration: Double?
    /// FFmpeg's demuxer name, e.g. `"mov,mp4,m4a,3gp,3g2,mj2"`, `"png_pipe"`, `"image2"`.
    public let formatName: String
    /// FFmpeg's decoder name, e.g. `"h264"`, `"png"`.
    public let codecName: String
    /// Whether the file is a still image or image sequence rather than a video.
    public let isImage: Bool

    /// True in ``Options/realtime`` mode: frames then come at the stream's pace whether or not they are consumed.
    public var isLive: Bool { options.realtime }
    /// Packets or frames skipped as undecodable or corrupt so far.
    public var damagedFrameCount: Int { reader?.damage.skipped ?? finalDamage.skippedCount }
    /// Frames skipped in realtime mode because the consumer was late (always 0 otherwise).
    public private(set) var droppedFrameCount = 0
    /// Frames delivered by `nextFrame()` so far.
    public private(set) var deliveredFrameCount = 0
    /// What went wrong so far, or `nil` when the file read cleanly. Check it after the end of the stream.
    public var damageReport: DamageReport? {
        var damage = finalDamage
        if let current = reader?.damage {
            damage = DamageReport(skippedCount: current.skipped, truncated: current.truncated, message: current.message)
        }
        return damage.skippedCount > 0 || damage.truncated ? damage : nil
    }

    private var reader: FFmpegReader?
    private var pending: DecodedPicture?
    private var finalDamage = DamageReport(skippedCount: 0, truncated: false, message: "")
    private var nextNumber = 1
    /// The last frame numbered (delivered, or dropped in realtime mode) and its stream time.
    private var lastNumbered: (number: Int, time: Double?)?
    /// The interval between the last two numbered frames with times, seconds.
    private var lastInterval: Double?
    /// Of the reader's skipped count, how much has been turned into numbered damaged frames.
    private var damageNumbered = 0
    private var damagedFrames: [SkippedFrame] = []
    private var firstTime: Double?
    private var clockStart: ContinuousClock.Instant?

    /// Opens `path`: a media file, a still image, or an image sequence pattern
    /// with a printf-style number (`frames/%05d.png`, first number 0...4).
    ///
    /// Decodes the first frame at once, so that ``frameWidth``/``frameHeight`` are the real size.
    /// - Throws: ``SourceError`` with code `notFound`, `notAFile`, `emptyFile`, `ioFailed`,
    ///   `unsupportedFormat`, `noVideoStream`, `codecUnavailable`, `imageTooLarge` or `invalidArgument`.
    ///   A file without any decodable frame is not an error: it is a source with zero frames.
    public convenience init(path: String, options: Options = Options()) throws(SourceError) {
        try self.init(file: MediaPath(path), options: options)
    }

    /// Opens `file` as ``init(path:options:)`` does, with its exact bytes: the name need not be
    /// valid UTF-8. ``path`` and messages hold ``MediaPath/description``.
    public init(file: MediaPath, options: Options = Options()) throws(SourceError) {
        let path = file.description
        guard options.pixelLimit > 0, options.lateFrameTolerance >= 0 else {
            throw SourceError(.invalidArgument,
                              "cannot open \(path): pixel limit must be positive and late-frame tolerance not negative",
                              path: path)
        }
        let reader = try FFmpegReader(path: file, pixelLimit: options.pixelLimit)
        let first = try reader.next()
        self.reader = reader
        self.pending = first
        self.path = path
        self.name = path.split(separator: "/").last.map(String.init) ?? path
        self.options = options
        self.frameWidth = first?.image.width ?? reader.info.width
        self.frameHeight = first?.image.height ?? reader.info.height
        self.nominalFrameRate = reader.info.frameRate
        self.announcedFrameCount = reader.info.announcedFrameCount
        self.duration = reader.info.duration
        self.formatName = reader.info.formatName
        self.codecName = reader.info.codecName
        self.isImage = reader.info.isImageFormat
    }

    /// The next frame, or `nil` at the end of the file (also after damage; see ``damageReport``).
    ///
    /// In realtime mode this blocks until the frame is due. Throws only when
    /// reading cannot go on; frames delivered before stay valid.
    public func nextFrame() throws(SourceError) -> Frame? {
        while let picture = try takePicture() {
            numberDamagedFrames(before: picture.time)
            let number = nextNumber
            nextNumber += 1
            let time = picture.time ?? Double(number - 1) / (nominalFrameRate ?? 25)
            if let previous = lastNumbered?.time, let current = picture.time, current > previous { lastInterval = current - previous }
            lastNumbered = (number, picture.time)
            if options.realtime, !waitUntilDue(time) {
                droppedFrameCount += 1
                continue
            }
            deliveredFrameCount += 1
            return Frame(number: number, time: time, image: picture.image)
        }
        numberDamagedFrames(before: nil)
        return nil
    }

    /// The frames skipped as damaged since the last call, in order, each with the number and
    /// time (seconds, the stream's clock; estimated between its neighbours) it would have had.
    public func takeDamagedFrames() -> [SkippedFrame] {
        defer { damagedFrames.removeAll() }
        return damagedFrames
    }

    /// Gives numbers to the frames the reader skipped since the last numbered frame, before the
    /// frame at stream time `time` (`nil`: the end of the stream). Each skipped packet or frame
    /// counts as one; when both neighbours have a timestamp and the frame interval is known, the
    /// gap between them decides, up to that count (a damaged packet need not have been a frame
    /// of its own, and a jump in the timestamps is no reason to invent thousands of frames).
    private func numberDamagedFrames(before time: Double?) {
        guard let skipped = reader?.skippedCount else { return }
        guard skipped > damageNumbered else { return }
        var missing = skipped - damageNumbered
        damageNumbered = skipped
        let interval = nominalFrameRate.map { 1 / $0 } ?? lastInterval
        let previous = lastNumbered?.time
        if let previous, let time, let interval, interval > 0 {
            missing = min(missing, max(0, Int(((time - previous) / interval).rounded()) - 1))
        }
        guard missing > 0 else { return }
        for index in 1...missing {
            let number = nextNumber
            nextNumber += 1
            var estimate = Double(number - 1) / (nominalFrameRate ?? 25)
            if let previous, let time {
                estimate = previous + (time - previous) * Double(index) / Double(missing + 1)
            } else if let previous, let interval {
                estimate = previous + interval * Double(index)
            }
            damagedFrames.append(SkippedFrame(frameNumber: number, time: estimate, reason: "damaged in the file, not decodable"))
        }
    }

    /// Releases the file. Later `nextFrame()` calls return `nil`; the damage report stays available.
    public func close() {
        guard let reader else { return }
        let damage = reader.damage
        finalDamage = DamageReport(skippedCount: damage.skipped, truncated: damage.truncated, message: damage.message)
        reader.close()
        self.reader = nil
        pending = nil
    }

    private func takePicture() throws(SourceError) -> DecodedPicture? {
        if let pending {
            self.pending = nil
            return pending
        }
        guard let reader else { return nil }
        return try reader.next()
    }

    /// Sleeps until the frame at stream time `time` is due; false when it is already too late.
    private func waitUntilDue(_ time: Double) -> Bool {
        let clock = ContinuousClock()
        guard let start = clockStart, let first = firstTime else {
            clockStart = clock.now
            firstTime = time
            return true
        }
        let due = start + .nanoseconds(Int64((time - first) * 1e9))
        let now = clock.now
        if now < due {
            let wait = now.duration(to: due)
            let nanoseconds = wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000
            var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
            return true
        }
        return due.duration(to: now) <= .nanoseconds(Int64(options.lateFrameTolerance * 1e9))
    }
}
