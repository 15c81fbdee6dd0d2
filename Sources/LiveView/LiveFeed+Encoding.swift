import BarcodeAnnotation
import BarcodeTracking
import Dispatch
import FrameSources
import Synchronization

extension LiveFeed {
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

    /// What asking for a snapshot gives.
    enum SnapshotOutcome: Sendable {
        /// The PNG file bytes.
        case png([UInt8])
        /// No frame was published yet.
        case noFrame
        /// ``maximumSnapshots`` are being made already.
        case busy
    }

    /// ``snapshot(annotator:)`` as a deflated PNG, made on a queue of its own at background priority:
    /// drawing and deflating a 1080p frame takes tens of milliseconds (seconds under a sanitizer),
    /// which must neither hold the server's event loop or Swift's cooperative pool nor wait in
    /// front of the stream's JPEGs. At most ``maximumSnapshots`` at once (counted in
    /// ``snapshotsInProgress``); a frame already encoded is sent again without encoding.
    func encodedSnapshotPNG() async -> SnapshotOutcome {
        let admitted = snapshots.withLock { cache in
            guard cache.inProgress < maximumSnapshots else { return false }
            cache.inProgress += 1
            return true
        }
        guard admitted else { return .busy }
        defer { snapshots.withLock { $0.inProgress -= 1 } }
        return await withCheckedContinuation { continuation in
            Self.snapshotQueue.async { continuation.resume(returning: self.snapshotPNG()) }
        }
    }

    private func snapshotPNG() -> SnapshotOutcome {
        guard let latest = latestFrame else { return .noFrame }
        if let cached = snapshots.withLock({ $0.frameNumber == latest.frameNumber ? $0.png : nil }) { return .png(cached) }
        let image = FrameAnnotator().annotated(latest.image, tracks: latest.tracks, overlays: latest.overlays)
        let png = PNGEncoder.encode(image, compressionLevel: Self.snapshotCompressionLevel)
        snapshots.withLock { $0.frameNumber = latest.frameNumber; $0.png = png }
        return .png(png)
    }

    /// Snapshots being drawn and encoded now (at most ``maximumSnapshots``).
    public var snapshotsInProgress: Int { snapshots.withLock { $0.inProgress } }

    static let encodingQueue = DispatchQueue(label: "live-view.jpeg", qos: .utility)
    /// Snapshots have a queue of their own, below the stream's: a viewer's video goes first.
    static let snapshotQueue = DispatchQueue(label: "live-view.snapshot", qos: .background)
    /// zlib's fastest level for snapshots: they are made while the job runs, and on camera noise the
    /// higher levels cost more time than they save in bytes.
    static let snapshotCompressionLevel = 1
    /// Streamed pictures are at most this wide (frame pixels are averaged in whole-number blocks).
    static let streamWidth = 640

    /// `image` shrunk by the smallest whole factor that makes it at most `width` wide (box average).
    static func reduced(_ image: LumaImage, toWidth width: Int) -> LumaImage {
        image.reduced(by: (image.width + width - 1) / width)
    }
}

/// Snapshots being made, and the last one's PNG (so that several clients asking for the same frame cost one encoding).
struct SnapshotCache {
    var inProgress = 0
    var frameNumber = -1
    var png: [UInt8] = []
}
