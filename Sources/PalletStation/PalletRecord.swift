public import BarcodeTracking
public import Foundation

/// Everything known of one pallet once it has left (or was closed by a trigger):
/// the station's record of it. Times in seconds on the source's clock unless named
/// otherwise; quads in frame pixels.
public struct PalletRecord: Sendable, Hashable {
    /// Why a pallet was closed.
    public enum CloseReason: String, Sendable, Hashable {
        /// No code had been in view for the configured gap (presence).
        case gap
        /// A manual trigger (a line on standard input, the page's button, a signal).
        case trigger
        /// The input ended or the station was stopped with a pallet open.
        case end
    }

    /// The count against ``PalletStationConfiguration/expectedCount``.
    public enum CountStatus: String, Sendable, Hashable {
        /// Exactly the expected number of codes.
        case complete
        /// Fewer codes than expected.
        case short
        /// More codes than expected.
        case over
    }

    /// The station's name.
    public var station: String
    /// The pallet's number at this station: 1, 2, … in order, never reused.
    public var number: Int
    /// A unique identifier for the record, the key deliveries are made idempotent by.
    public var id: UUID
    /// When the pallet's first code was seen.
    public var start: Double
    /// When a code of the pallet was last seen.
    public var end: Double
    /// Wall-clock time at which the station processed the pallet's first frame.
    public var startedAt: Date
    /// Wall-clock time at which the station closed the pallet.
    public var closedAt: Date
    /// Why the pallet was closed.
    public var closeReason: CloseReason
    /// Every code recognized on the pallet, in the order recognized.
    public var codes: [PalletCode]
    /// The expected count, when one was set.
    public var expectedCount: Int?
    /// The manifest check, when a manifest was given.
    public var manifest: ManifestCheck?
    /// The snapshot's path, set by whoever writes it (see ``ClosedPallet/snapshotFrame``).
    public var snapshot: String?
    /// Problems met while recording the pallet (a snapshot not written), for people.
    public var warnings: [String] = []

    /// The number of codes.
    public var count: Int { codes.count }

    /// The count against ``expectedCount``; `nil` when none was set.
    public var countStatus: CountStatus? {
        guard let expectedCount else { return nil }
        return count == expectedCount ? .complete : count < expectedCount ? .short : .over
    }
}

/// One code of a pallet.
public struct PalletCode: Sendable, Hashable {
    /// The code's latest read (symbology, payload, extended data).
    public var barcode: Barcode
    /// The track that followed it when it was recognized.
    public var trackID: TrackID
    /// When it was first seen (seconds, source clock).
    public var firstSeen: Double
    /// When it was last measured (seconds, source clock).
    public var lastSeen: Double
    /// Frames in which its track was measured (read or followed) while it was on the pallet.
    public var framesSeen: Int
    /// Its largest measured outline (frame pixels): the best view of it.
    public var bestLocation: Quadrilateral
    /// The frame in which ``bestLocation`` was measured.
    public var bestFrame: Int
}

/// A closed pallet: its record and the frame chosen for its snapshot.
public struct ClosedPallet: Sendable {
    /// The record.
    public var record: PalletRecord
    /// The processed frame in which most of the pallet's codes were measured at once
    /// (with its pixels when the ``FrameProcessor`` delivers images): the snapshot's frame.
    public var snapshotFrame: ScanFrameResult?
}
