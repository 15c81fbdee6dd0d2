public import BarcodeTracking
public import Foundation

/// The pallet a ``PalletStation`` is recording: what a live view shows before it closes.
public struct PalletInProgress: Sendable {
    /// The number it will be recorded under.
    public let number: Int
    /// When it began (seconds, source clock).
    public let start: Double
    /// Wall-clock time at which it began.
    public let startedAt: Date
    /// Its codes so far, in the order recognized.
    public private(set) var codes: [PalletCode] = []
    /// When a code of it was last measured (seconds, source clock).
    public private(set) var lastSeen: Double
    /// The frame in which most of its codes were measured at once (see ``ClosedPallet/snapshotFrame``).
    public private(set) var snapshotFrame: ScanFrameResult?
    /// How many of its codes ``snapshotFrame`` shows.
    private var snapshotCodes = 0
    /// Which code each of its tracks follows.
    private var codeIndexByTrack: [TrackID: Int] = [:]
    /// Tracks the session announced as recognized during this pallet.
    private var recognizedTracks: Set<TrackID> = []
    /// Its tracks in the latest frame.
    private(set) var liveTrackIDs: Set<TrackID> = []

    init(number: Int, start: Double, startedAt: Date) {
        self.number = number
        self.start = start
        self.startedAt = startedAt
        self.lastSeen = start
    }

    /// Adds a code the session recognized; once per track. A track first taken for a code of its
    /// payload that had left (see ``codeIndex(for:)``) is, once the session recognizes it, a second label.
    mutating func add(_ code: RecognizedBarcode) {
        guard recognizedTracks.insert(code.trackID).inserted else { return }
        codeIndexByTrack[code.trackID] = codes.count
        codes.append(PalletCode(barcode: code.barcode, trackID: code.firstTrackID, firstSeen: code.firstSeen,
                                lastSeen: code.lastSeen, framesSeen: 0, bestLocation: code.location, bestFrame: 0))
    }

    /// Updates its codes from the frame's tracks and keeps the frame when it shows more of them than any before.
    mutating func observe(_ frame: ScanFrameResult) {
        var measured = 0
        liveTrackIDs = []
        for track in frame.tracks {
            guard let index = codeIndex(for: track) else { continue }
            liveTrackIDs.insert(track.id)
            guard track.state == .tracked else { continue }
            measured += 1
            lastSeen = frame.time
            codes[index].lastSeen = frame.time
            codes[index].framesSeen += 1
            if let barcode = track.barcode { codes[index].barcode.extendedData = codes[index].barcode.extendedData ?? barcode.extendedData }
            if track.location.area > codes[index].bestLocation.area || codes[index].bestFrame == 0 {
                codes[index].bestLocation = track.location
                codes[index].bestFrame = frame.frameNumber
            }
        }
        if measured > snapshotCodes {
            snapshotCodes = measured
            snapshotFrame = frame
        }
    }

    /// The code a track follows: by its id, or, for a track not yet known, a code of its payload
    /// whose own track has gone (a code that came back into view under a new track).
    private mutating func codeIndex(for track: TrackedBarcode) -> Int? {
        if let index = codeIndexByTrack[track.id] { return index }
        guard let barcode = track.barcode, track.state == .tracked else { return nil }
        let taken = Set(codeIndexByTrack.filter { liveTrackIDs.contains($0.key) }.values)
        guard let index = codes.indices.first(where: { !taken.contains($0) && codes[$0].barcode.payload == barcode.payload })
        else { return nil }
        codeIndexByTrack[track.id] = index
        return index
    }
}
