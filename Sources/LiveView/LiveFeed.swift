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

    /// What a viewer's event stream receives.
    enum EventItem: Sendable {
        /// One JSON object of the `jsonl` contract.
        case data(String)
        /// A named Server-Sent Event (`paused`, `resumed`, `cleared`, `stats`) with a JSON body.
        case named(String, String)
        /// A comment line that keeps the connection alive and finds viewers who left.
        case keepAlive
    }

    /// An ``EventItem`` with its place in the feed: published items are numbered from 1 in the order
    /// published, the same for every viewer, so a viewer that finds a number skipped knows that items
    /// were dropped for it (it did not keep up). Replayed lines and keep-alives carry no number.
    struct Event: Sendable {
        var item: EventItem
        var sequence: Int?
    }

    /// A new event viewer's stream, and the number of the first live item it will be offered.
    struct EventViewer: Sendable {
        var stream: AsyncStream<Event>
        var firstSequence: Int
    }

    struct State {
        var latest: FrameSnapshot?
        var latestFrameLine: String?
        var recognizedLines: [String] = []
        /// The latest `pallet` lines (a station's closed pallets), at most ``LiveFeed/palletReplayLimit``.
        var palletLines: [String] = []
        /// The latest `palletProgress` event's body (a station's pallet in progress).
        var palletProgress: String?
        var frameViewers: [Int: AsyncStream<FrameSnapshot>.Continuation] = [:]
        var eventViewers: [Int: AsyncStream<Event>.Continuation] = [:]
        /// The number of the latest published event item (see ``Event``).
        var sequence = 0
        var nextViewer = 0
        var finished = false
        var finalLines: [String] = []
        var publishedSinceHeartbeat = false
        /// Whether the latest of the `paused` and `resumed` events was `paused`: a viewer who joins then
        /// is told, so that its page says paused rather than showing a rate of zero.
        var paused = false
    }

    private let state = Mutex(State())
    /// Streaming responses still writing (a finished stream may still hold lines to send).
    private let responses = Mutex(0)
    let jpeg: Mutex<JPEGCache>
    /// At most this many event lines wait for a slow event viewer; older ones are dropped.
    static let eventBacklog = 1024
    /// At most this many `recognized` lines are replayed to a viewer who joins late.
    static let replayLimit = 10_000
    /// At most this many `pallet` lines (the latest) are replayed to a viewer who joins late.
    public static let palletReplayLimit = 20
    /// The most viewers of ``frames()`` and ``events()`` together.
    public let maximumViewers: Int

    /// The most snapshots drawn and encoded at once.
    public let maximumSnapshots: Int
    let snapshots = Mutex(SnapshotCache())

    /// A feed with room for `maximumViewers` streams and `maximumSnapshots` snapshots being made at once;
    /// `jpegQuality` 1 (best) ... 31. Throws `SourceError` for a quality outside 1...31.
    public init(maximumViewers: Int = 8, maximumSnapshots: Int = 2, jpegQuality: Int = 6) throws {
        self.maximumViewers = maximumViewers
        self.maximumSnapshots = maximumSnapshots
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
            } else if line.hasPrefix(#"{"type":"pallet""#) {
                state.palletLines.append(line)
                if state.palletLines.count > Self.palletReplayLimit { state.palletLines.removeFirst() }
            } else if line.hasPrefix(#"{"type":"cleared""#) {
                // The session forgot its codes before this line's frame: so does the replay.
                state.recognizedLines.removeAll()
            }
            Self.send(.data(line), in: &state)
        }
    }

    /// Sends a named event (e.g. `stats` with `{"fps":…}`) to every event viewer; `json` is one JSON object.
    public func publish(named name: String, json: String) {
        state.withLock { state in
            guard !state.finished else { return }
            if name == "cleared" { state.recognizedLines.removeAll() }
            if name == "paused" || name == "resumed" { state.paused = name == "paused" }
            Self.send(.named(name, json), in: &state)
        }
    }

    /// Sends a station's pallet in progress as the named event `palletProgress` (`json`: one JSON object,
    /// see the `palletProgress` body of `track station`) and keeps it, so a viewer who joins later gets the
    /// latest one. The caller limits how often it sends: every call goes to every viewer.
    public func publishPalletProgress(json: String) {
        state.withLock { state in
            guard !state.finished else { return }
            state.palletProgress = json
            Self.send(.named("palletProgress", json), in: &state)
        }
    }

    /// Numbers `item` and offers it to every event viewer (under the lock, so numbers follow the order sent).
    private static func send(_ item: EventItem, in state: inout State) {
        state.sequence += 1
        let event = Event(item: item, sequence: state.sequence)
        for viewer in state.eventViewers.values { viewer.yield(event) }
    }

    /// Ends every stream once what was published has been sent: call it after the summary line.
    /// Viewers who connect later get the last frame, the replayed lines and the summary, then the end.
    public func finish(lastLines: [String] = []) {
        let viewers = state.withLock { state -> ([AsyncStream<FrameSnapshot>.Continuation], [AsyncStream<Event>.Continuation]) in
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
            for viewer in state.eventViewers.values { viewer.yield(Event(item: .keepAlive, sequence: nil)) }
        }
    }

    /// Whether ``finish(lastLines:)`` was called.
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// The latest published frame, if any.
    public var latestFrame: FrameSnapshot? { state.withLock { $0.latest } }

    /// The latest frame as an RGB picture with outlines, ids and overlays drawn (frame pixels), or `nil`
    /// before the first frame. Encode it with ``PNGEncoder/encode(_:compressionLevel:)`` for a file.
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
        addViewer(\.frameViewers) { _ in .bufferingNewest(1) } greet: { state, continuation in
            if let latest = state.latest { continuation.yield(latest) }
        }?.stream
    }

    /// A new event viewer: the latest `pallet` lines (up to ``palletReplayLimit``), every kept `recognized`
    /// line (up to ``replayLimit``, since the last clear), the latest `frame` line, the latest `palletProgress`
    /// and `paused` when the job is paused, then every item as published (at most ``eventBacklog`` waiting; older ones
    /// are dropped, which the numbering shows). `nil` when ``maximumViewers`` are connected.
    func events() -> EventViewer? {
        let added = addViewer(\.eventViewers) { state in
            // Room for the whole replay besides the backlog, so that joining never drops a kept line.
            .bufferingNewest(Self.eventBacklog + state.palletLines.count + state.recognizedLines.count + 4 + state.finalLines.count)
        } greet: { state, continuation in
            for line in state.palletLines + state.recognizedLines { continuation.yield(Event(item: .data(line), sequence: nil)) }
            if let frame = state.latestFrameLine { continuation.yield(Event(item: .data(frame), sequence: nil)) }
            if let progress = state.palletProgress { continuation.yield(Event(item: .named("palletProgress", progress), sequence: nil)) }
            if state.paused, !state.finished { continuation.yield(Event(item: .named("paused", "{}"), sequence: nil)) }
            if state.finished { for line in state.finalLines { continuation.yield(Event(item: .data(line), sequence: nil)) } }
        }
        return added.map { EventViewer(stream: $0.stream, firstSequence: $0.sequence + 1) }
    }

    /// A new viewer kept in `viewers` (frames or events), when there is room: under the lock, `greet`
    /// yields what the viewer starts with; a feed that has finished then ends the stream at once.
    /// Returns the stream and the number of the latest event item published before it joined.
    private func addViewer<Element>(
        _ viewers: any WritableKeyPath<State, [Int: AsyncStream<Element>.Continuation]> & Sendable,
        bufferingPolicy: (State) -> AsyncStream<Element>.Continuation.BufferingPolicy,
        greet: (State, AsyncStream<Element>.Continuation) -> Void
    ) -> (stream: AsyncStream<Element>, sequence: Int)? {
        let added = state.withLock { state -> (AsyncStream<Element>, AsyncStream<Element>.Continuation, id: Int, sequence: Int)? in
            guard state.frameViewers.count + state.eventViewers.count < maximumViewers else { return nil }
            let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy(state))
            greet(state, continuation)
            if state.finished { continuation.finish(); return (stream, continuation, -1, state.sequence) }
            state.nextViewer += 1
            state[keyPath: viewers][state.nextViewer] = continuation
            return (stream, continuation, state.nextViewer, state.sequence)
        }
        guard let (stream, continuation, id, sequence) = added else { return nil }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0[keyPath: viewers].removeValue(forKey: id) } }
        return (stream, sequence)
    }
}

/// The stream's encoder and its last output.
struct JPEGCache {
    var encoder: JPEGEncoder
    var frameNumber = -1
    var bytes: [UInt8] = []
}
