public import BarcodeAnnotation
public import BarcodeTracking
import Dispatch
import FrameSources
import JSONLines
import Synchronization

/// What a running job shows its viewers: the latest frame with its tracks, and the
/// `--format jsonl` event lines, fanned out to every connected page, `curl -N` or script.
///
/// Publishing never waits and never encodes: it stores the latest frame and hands it to
/// each viewer's one-frame slot (a newer frame replaces one not yet sent, so a slow viewer
/// gets fewer frames and never a queue). JPEG encoding runs in the viewers' own tasks,
/// once per frame however many viewers there are, and only while someone watches.
/// All methods are thread-safe.
public final class LiveFeed: Sendable {
    /// One frame as published: the picture (frame pixels, 8-bit luma), its number, and
    /// the tracks and overlay plans to draw on it (frame pixels).
    public struct FrameSnapshot: Sendable {
        /// The frame's number in its source (from 1).
        public var frameNumber: Int
        /// The picture.
        public var image: LumaImage
        /// The tracks of the frame, in frame pixels.
        public var tracks: [TrackedBarcode]
        /// Planned overlays, in frame pixels (empty without `--overlay`).
        public var overlays: [OverlayPlan]
    }

    /// How a viewer's event stream ends or what it receives.
    enum EventItem: Sendable {
        /// One JSON object of the `jsonl` contract.
        case data(String)
        /// A named Server-Sent Event (`paused`, `resumed`, `cleared`, `stats`) with a JSON body.
        case named(String, String)
        /// A comment line that keeps the connection alive and finds viewers who left.
        case keepAlive
    }

    struct State {
        var latest: FrameSnapshot?
        var latestFrameLine: String?
        var recognizedLines: [String] = []
        var frameViewers: [Int: AsyncStream<FrameSnapshot>.Continuation] = [:]
        var eventViewers: [Int: AsyncStream<EventItem>.Continuation] = [:]
        var nextViewer = 0
        var finished = false
        var finalLines: [String] = []
        var publishedSinceHeartbeat = false
    }

    private let state = Mutex(State())
    /// Streaming responses still writing (a finished stream may still hold lines to send).
    private let responses = Mutex(0)
    private let jpeg: Mutex<JPEGCache>
    /// At most this many event lines wait for a slow event viewer; older ones are dropped.
    static let eventBacklog = 1024
    /// At most this many `recognized` lines are replayed to a viewer who joins late.
    static let replayLimit = 10_000
    /// The most viewers of ``frames()`` and ``events()`` together.
    public let maximumViewers: Int

    /// A feed with room for `maximumViewers` streams at once; `jpegQuality` 1 (best) ... 31.
    /// Throws `SourceError` for a quality outside 1...31.
    public init(maximumViewers: Int = 8, jpegQuality: Int = 6) throws {
        self.maximumViewers = maximumViewers
        jpeg = Mutex(JPEGCache(encoder: try JPEGEncoder(quality: jpegQuality)))
    }

    /// Publishes a processed frame: its picture, tracks and `overlays` (frame pixels) for the stream and
    /// snapshots, and its `jsonl` lines (`frame`, `recognized`, `lost`) for the event viewers.
    /// The picture needs ``FrameProcessorConfiguration/deliversImages``; without it only the lines go out.
    /// Costs a lock, one slot write per viewer and the lines' encoding; call it from the loop that reads
    /// ``FrameProcessor/results``, not from the frame-processing queue.
    public func publish(_ result: ScanFrameResult, overlays: [OverlayPlan] = []) {
        publishPicture(result, overlays: overlays)
        var rectangles: [TrackID: Rect] = [:]
        for plan in overlays { rectangles[plan.trackID] = plan.rect }
        for line in JSONLinesEncoder.lines(for: result, overlays: rectangles) { publish(eventLine: line) }
    }

    /// Sends the `summary` line (`expected` is the count waited for, if any), then ends every stream.
    public func finish(with summary: ScanSummary, expected: Int? = nil) {
        let complete = expected.map { summary.recognized.count >= $0 } ?? true
        let line = JSONLinesEncoder.summaryLine(summary, expected: expected, complete: complete)
        publish(eventLine: line)
        finish(lastLines: [line])
    }

    private func publishPicture(_ result: ScanFrameResult, overlays: [OverlayPlan]) {
        guard let image = result.image else { return }
        let snapshot = FrameSnapshot(frameNumber: result.frameNumber, image: image, tracks: result.tracks, overlays: overlays)
        state.withLock { state in
            guard !state.finished else { return }
            state.latest = snapshot
            state.publishedSinceHeartbeat = true
            for viewer in state.frameViewers.values { viewer.yield(snapshot) }
        }
    }

    /// Sends one line of the `--format jsonl` contract (a JSON object without its newline) to every
    /// event viewer. The latest `frame` line and the `recognized` lines since the last clear are kept,
    /// so a viewer who joins late sees the codes so far and where the tracks are.
    public func publish(eventLine line: String) {
        state.withLock { state in
            guard !state.finished else { return }
            if line.hasPrefix(#"{"type":"frame""#) {
                state.latestFrameLine = line
            } else if line.hasPrefix(#"{"type":"recognized""#), state.recognizedLines.count < Self.replayLimit {
                state.recognizedLines.append(line)
            }
            for viewer in state.eventViewers.values { viewer.yield(.data(line)) }
        }
    }

    /// Sends a named event (e.g. `stats` with `{"fps":…}`) to every event viewer; `json` is one JSON object.
    public func publish(named name: String, json: String) {
        state.withLock { state in
            guard !state.finished else { return }
            if name == "cleared" { state.recognizedLines.removeAll() }
            for viewer in state.eventViewers.values { viewer.yield(.named(name, json)) }
        }
    }

    /// Ends every stream once what was published has been sent: call it after the summary line.
    /// Viewers who connect later get the last frame, the replayed lines and the summary, then the end.
    public func finish(lastLines: [String] = []) {
        let viewers = state.withLock { state -> ([AsyncStream<FrameSnapshot>.Continuation], [AsyncStream<EventItem>.Continuation]) in
            guard !state.finished else { return ([], []) }
            state.finished = true
            state.finalLines = lastLines
            return (Array(state.frameViewers.values), Array(state.eventViewers.values))
        }
        // Outside the lock: finishing runs each stream's onTermination, which takes the lock.
        viewers.0.forEach { $0.finish() }
        viewers.1.forEach { $0.finish() }
    }

    /// Called every few seconds by the server: while nothing is published (paused, a stalled camera)
    /// the latest frame is sent again and event viewers get a comment, so that viewers who left are
    /// noticed (a write fails) and their slots freed.
    func heartbeat() {
        state.withLock { state in
            guard !state.finished else { return }
            if !state.publishedSinceHeartbeat, let latest = state.latest {
                for viewer in state.frameViewers.values { viewer.yield(latest) }
            }
            state.publishedSinceHeartbeat = false
            for viewer in state.eventViewers.values { viewer.yield(.keepAlive) }
        }
    }

    /// Whether ``finish(lastLines:)`` was called.
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// The latest published frame, if any.
    public var latestFrame: FrameSnapshot? { state.withLock { $0.latest } }

    /// The latest frame as an RGB picture with outlines, ids and overlays drawn (frame pixels), or `nil`
    /// before the first frame. Encode it with ``PNGEncoder/encode(_:)`` for a file.
    public func snapshot(annotator: FrameAnnotator = FrameAnnotator()) -> RGBImage? {
        guard let latest = latestFrame else { return nil }
        return annotator.annotated(latest.image, tracks: latest.tracks, overlays: latest.overlays)
    }

    /// Runs `body` (one streaming response) counted in ``openResponseCount``.
    func countingResponse(_ body: () async throws -> Void) async rethrows {
        responses.withLock { $0 += 1 }
        defer { responses.withLock { $0 -= 1 } }
        try await body()
    }

    /// Streaming responses that are still being written, including ended streams still sending their last lines.
    var openResponseCount: Int { responses.withLock { $0 } }

    /// How many viewers are connected to ``frames()`` and ``events()``.
    public var viewerCount: Int { state.withLock { $0.frameViewers.count + $0.eventViewers.count } }

    /// A new frame viewer: a sequence that starts with the latest frame and then holds at most one
    /// unsent frame (the newest). `nil` when ``maximumViewers`` are already connected.
    func frames() -> AsyncStream<FrameSnapshot>? {
        addViewer(\.frameViewers, bufferingPolicy: .bufferingNewest(1)) { state, continuation in
            if let latest = state.latest { continuation.yield(latest) }
        }
    }

    /// A new event viewer: the replayed `recognized` lines and the latest `frame` line, then every line
    /// as published (at most ``eventBacklog`` waiting). `nil` when ``maximumViewers`` are connected.
    func events() -> AsyncStream<EventItem>? {
        addViewer(\.eventViewers, bufferingPolicy: .bufferingNewest(Self.eventBacklog)) { state, continuation in
            for line in state.recognizedLines.suffix(Self.eventBacklog / 2) { continuation.yield(.data(line)) }
            if let frame = state.latestFrameLine { continuation.yield(.data(frame)) }
            if state.finished { for line in state.finalLines { continuation.yield(.data(line)) } }
        }
    }

    /// A new viewer kept in `viewers` (frames or events), when there is room: under the lock, `greet`
    /// yields what the viewer starts with; a feed that has finished then ends the stream at once.
    private func addViewer<Element>(
        _ viewers: any WritableKeyPath<State, [Int: AsyncStream<Element>.Continuation]> & Sendable,
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        greet: (State, AsyncStream<Element>.Continuation) -> Void
    ) -> AsyncStream<Element>? {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state -> Int? in
            guard state.frameViewers.count + state.eventViewers.count < maximumViewers else { return nil }
            greet(state, continuation)
            if state.finished { continuation.finish(); return -1 }
            state.nextViewer += 1
            state[keyPath: viewers][state.nextViewer] = continuation
            return state.nextViewer
        }
        guard let id else { return nil }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0[keyPath: viewers].removeValue(forKey: id) } }
        return stream
    }

    /// The JPEG file bytes of `frame`, encoded once however many viewers ask, at most
    /// ``streamWidth`` pixels wide (the page scales it; coordinates stay in frame pixels).
    func jpegData(for frame: FrameSnapshot) throws -> [UInt8] {
        try jpeg.withLock { cache in
            if cache.frameNumber == frame.frameNumber, !cache.bytes.isEmpty { return cache.bytes }
            cache.bytes = try cache.encoder.encode(Self.reduced(frame.image, toWidth: Self.streamWidth))
            cache.frameNumber = frame.frameNumber
            return cache.bytes
        }
    }

    /// ``jpegData(for:)`` on a utility queue of its own: encoding takes milliseconds, and on Swift's
    /// cooperative pool it would hold a thread that the job's results loop needs.
    func encodedJPEG(for frame: FrameSnapshot) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            Self.encodingQueue.async { continuation.resume(with: Result { try self.jpegData(for: frame) }) }
        }
    }

    /// ``snapshot(annotator:)`` encoded as PNG, on the same utility queue as the stream's
    /// JPEGs: drawing and deflating a 1080p frame takes tens of milliseconds (seconds under a
    /// sanitizer), which must not hold the server's event loop or Swift's cooperative pool.
    /// `nil` before the first frame.
    func encodedSnapshotPNG() async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            Self.encodingQueue.async { continuation.resume(returning: self.snapshot().map(PNGEncoder.encode)) }
        }
    }

    static let encodingQueue = DispatchQueue(label: "live-view.jpeg", qos: .utility)
    /// Streamed pictures are at most this wide (frame pixels are averaged in whole-number blocks).
    static let streamWidth = 640

    /// `image` shrunk by the smallest whole factor that makes it at most `width` wide (box average).
    static func reduced(_ image: LumaImage, toWidth width: Int) -> LumaImage {
        image.reduced(by: (image.width + width - 1) / width)
    }
}

/// The stream's encoder and its last output.
struct JPEGCache {
    var encoder: JPEGEncoder
    var frameNumber = -1
    var bytes: [UInt8] = []
}
