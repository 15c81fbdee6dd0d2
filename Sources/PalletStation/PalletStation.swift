public import BarcodeTracking
import Foundation

/// Splits a stream of processed frames into pallets and keeps a record of each:
/// the codes it carried, its count against the expected one, its manifest check and
/// the frame for its snapshot.
///
/// Feed it every ``ScanFrameResult`` of a ``FrameProcessor`` in order with
/// ``process(_:)``; it returns the pallets that closed. ``close()`` is the manual
/// trigger, ``finish(at:)`` closes the pallet in progress when the input ends. A code
/// belongs to the pallet during which it was recognized; a code still in view when a
/// trigger closes its pallet is not counted again on the next one.
///
/// Give it the ``ScanSession`` the processor feeds, so that it clears the session's
/// results when a pallet closes: the next pallet's labels count again even when they
/// carry the payloads of this one's (identical product labels pallet after pallet).
///
/// A value type that is not shared: call it from one task (the one reading the results).
public struct PalletStation: Sendable {
    /// The settings.
    public let configuration: PalletStationConfiguration
    /// The number the next pallet gets.
    public private(set) var nextNumber: Int
    /// The pallet in progress, if any.
    public private(set) var current: PalletInProgress?

    private let session: ScanSession?
    var checker: ManifestChecker?
    /// Tracks of closed pallets that are still in view, and so not counted again.
    private var carriedOver: Set<TrackID> = []
    /// When a code was last in view (source clock).
    private var lastPresence: Double?

    /// A station numbering from `nextNumber` (kept across restarts by ``StationStateFile``).
    /// Throws ``StationError`` for a bad configuration.
    public init(configuration: PalletStationConfiguration, nextNumber: Int = 1, session: ScanSession? = nil) throws {
        try configuration.validate()
        self.configuration = configuration
        self.nextNumber = max(1, nextNumber)
        self.session = session
        self.checker = configuration.manifest.map(ManifestChecker.init(manifest:))
    }

    /// Takes one processed frame; returns the pallet it closed (under presence, once no
    /// code has been in view for the gap), if any.
    public mutating func process(_ frame: ScanFrameResult) -> [ClosedPallet] {
        var closed: [ClosedPallet] = []
        carriedOver.formIntersection(frame.tracks.map(\.id))
        // Rejected codes (the warehouse's own labels) and the closed pallet's codes still in view are no new pallet.
        let present = frame.tracks.contains { $0.state == .tracked && !$0.isRejected && !carriedOver.contains($0.id) }
        if present { lastPresence = frame.time }

        if configuration.segmentation == .presence, !present, current != nil, let lastPresence,
           frame.time - lastPresence >= configuration.gap {
            closed.append(closeCurrent(reason: .gap))
        }
        if configuration.segmentation == .presence, present, current == nil {
            open(at: frame.time)
        }
        for code in frame.newlyRecognized where !carriedOver.contains(code.trackID) {
            if current == nil { open(at: code.firstSeen) }
            current?.add(code)
        }
        current?.observe(frame)
        return closed
    }

    /// The manual trigger: closes the pallet in progress now; `nil` when none is open. Its codes
    /// still in view are not counted again on the next pallet.
    public mutating func close() -> ClosedPallet? {
        guard current != nil else { return nil }
        return closeCurrent(reason: .trigger)
    }

    /// Closes the pallet in progress because the input ended or the station stops.
    public mutating func finish() -> ClosedPallet? {
        guard current != nil else { return nil }
        return closeCurrent(reason: .end)
    }

    private mutating func open(at time: Double) {
        current = PalletInProgress(number: nextNumber, start: time, startedAt: Date())
        nextNumber += 1
    }

    private mutating func closeCurrent(reason: PalletRecord.CloseReason) -> ClosedPallet {
        let pallet = current!
        current = nil
        carriedOver.formUnion(pallet.liveTrackIDs)
        session?.clear()
        var record = PalletRecord(
            station: configuration.station, number: pallet.number, id: UUID(), start: pallet.start,
            end: pallet.codes.map(\.lastSeen).max() ?? max(pallet.start, lastPresence ?? pallet.start), startedAt: pallet.startedAt,
            closedAt: Date(), closeReason: reason, codes: pallet.codes, expectedCount: configuration.expectedCount)
        record.manifest = checker?.check(pallet.codes.map(\.barcode))
        return ClosedPallet(record: record, snapshotFrame: pallet.snapshotFrame)
    }
}
