import BarcodeDecoding
package import BarcodeEngine
package import BarcodeTracking
import Foundation
import FrameSources
import JSONLines
import PalletStation
package import SyntheticScenes

/// `track bench --scenes station`: the engine and a ``PalletStation`` on station scenes (pallets
/// of 1 to 6 labels past a fixed 720p camera, half of them stopping in view), each pallet's record
/// scored against the scene's truth.
package struct BenchStation {
    /// One seed's scene: what went past and what was recorded.
    package struct Outcome: Sendable {
        /// The scene's seed.
        package var seed: UInt64
        /// Seconds of scene.
        package var seconds: Double
        /// Pallets that passed the view (entered and left) in the scene's time.
        package var pallets = 0
        /// Pallets whose one record holds exactly their labels: each payload as many times as the
        /// pallet has labels of it.
        package var exact = 0
        /// Pallets whose one record holds the right payloads but not each as many times as the pallet
        /// has labels of it (a label counted twice, or twins counted once).
        package var miscounted = 0
        /// Pallets whose labels went into more than one record.
        package var split = 0
        /// Records holding labels of more than one pallet.
        package var merged = 0
        /// Pallets with no record at all.
        package var missed = 0
        /// Labels of passed pallets in no record.
        package var labelsMissed = 0
        /// Per record of a passed pallet: seconds from the pallet leaving the view to its record.
        package var recordDelays: [Double] = []
        /// The empty belt before each split or merged pallet (seconds), to tell the gaps apart.
        package var troubleGaps: [Double] = []
        /// One line per passed pallet whose record is not exact: what it held and what was read.
        package var inexact: [String] = []
        /// Pallets that stood still in view (at least ``standingFrames`` frames with every label unmoved).
        package var stood = 0
        /// Codes of their own that a thorough still read (`track scan`'s settings) found on the middle
        /// frame of each such pallet's longest stand.
        package var stillReads = 0
        /// Of ``stillReads``, those missing from the pallet's records, one line each.
        package var stillReadsMissed: [String] = []
        /// Discrepancies planted in the manifest for passed pallets (``manifest(for:)``).
        package var discrepanciesPlanted = 0
        /// Of those, the ones the pallet's record reports.
        package var discrepanciesReported = 0
        /// Discrepancies planted that the pallet's record does not report, one line each.
        package var unreportedDiscrepancies: [String] = []
        /// Discrepancies reported that were not planted, one line each.
        package var otherDiscrepancies: [String] = []
    }

    /// The least number of frames a pallet stands still for the thorough still read to be made.
    static let standingFrames = 10

    /// The engine's settings and the session's, as `track station` runs them.
    package var engine: TrackingEngineConfiguration
    package var session: ScanSessionConfiguration
    /// The station's gap (seconds).
    package var gap: Double
    /// Cut-outs of real photos that every other label of each seed's scene is (none: every label drawn).
    package var labelPhotos: [LabelPhoto] = []

    package init(engine: TrackingEngineConfiguration, session: ScanSessionConfiguration, gap: Double) {
        self.engine = engine
        self.session = session
        self.gap = gap
    }

    /// The scene `track station --demo --layout station` shows, with this seed and length.
    package static func scene(seed: UInt64, frames: Int) -> SyntheticSceneConfiguration {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.shake, c.stopProbability, c.modulePixels) = (0, 0.5, 2)
        (c.seed, c.frameCount, c.codeCount) = (seed, frames, 1000)
        return c
    }

    /// Runs one seed's scene through the engine, the session and the station, and scores the records.
    package func run(seed: UInt64, frames: Int) throws -> Outcome {
        let scene = try SyntheticScene(Self.scene(seed: seed, frames: frames), labelPhotos: labelPhotos)
        let detector = try TrackingEngine(options: .video, configuration: engine)
        let session = try ScanSession(configuration: session)
        var configuration = PalletStationConfiguration(station: "bench")
        configuration.gap = gap
        let labels = Dictionary(grouping: scene.labels, by: \.pallet).mapValues { $0.map(\.payload) }
        let (manifest, planted) = try Self.manifest(for: labels)
        configuration.manifest = manifest
        var station = try PalletStation(configuration: configuration, session: session)
        var records: [(record: PalletRecord, closedAt: Double)] = []
        let size = Size(width: Double(scene.configuration.width), height: Double(scene.configuration.height))
        var seen: [Int: (first: Double, last: Double)] = [:]
        let palletOf = Dictionary(uniqueKeysWithValues: scene.labels.map { ($0.instance, $0.pallet) })
        var stands = StandTracker()
        var previous: GroundTruthFrame?
        for number in 1...frames {
            let (frame, truth) = scene.render(frame: number)
            for code in truth.codes where code.visibility > 0 {
                let pallet = palletOf[code.instance]!
                seen[pallet] = (seen[pallet]?.first ?? frame.time, frame.time)
            }
            stands.note(frame: number, truth: truth, after: previous, palletOf: palletOf)
            previous = truth
            let detections = try session.detect(in: frame, using: detector)
            guard let result = try session.process(detections, frameNumber: number, time: frame.time, frameSize: size) else { continue }
            for closed in station.process(result) { records.append((record: closed.record, closedAt: frame.time)) }
        }
        if let last = station.finish() { records.append((record: last.record, closedAt: scene.time(ofFrame: frames))) }
        let seconds = scene.time(ofFrame: frames)
        let palletOfPayload = Self.palletOfPayload(in: scene), passed = Self.passed(seen, before: seconds, gap: gap)
        let read = records.map { $0.record.codes.compactMap(\.barcode.data) }
        var outcome = Self.score(zip(read, records).map { ($0, $1.closedAt) }, labels: labels, seen: seen, passed: passed,
                                 palletOfPayload: palletOfPayload, seed: seed, seconds: seconds)
        Self.scoreManifest(zip(read, records).map { ($0, $1.record.manifest) }, planted: planted, passed: passed,
                           palletOfPayload: palletOfPayload, into: &outcome)
        try checkStillReads(scene: scene, stands: stands.longest, records: records.map(\.record), palletOf: palletOf,
                            palletOfPayload: palletOfPayload, into: &outcome)
        return outcome
    }

    /// For each pallet that stood, a thorough still read (`track scan`'s settings) of the middle frame of
    /// its longest stand: every code of its own that read finds must be in the pallet's records.
    func checkStillReads(scene: SyntheticScene, stands: [Int: ClosedRange<Int>], records: [PalletRecord], palletOf: [Int: Int],
                         palletOfPayload: [String: Int], into outcome: inout Outcome) throws {
        let reader = try BarcodeReader(options: .thorough)
        var recorded: [Int: Set<String>] = [:]
        for record in records {
            for payload in record.codes.compactMap(\.barcode.data) {
                if let pallet = palletOfPayload[payload] { recorded[pallet, default: []].insert(payload) }
            }
        }
        for (pallet, stand) in stands.sorted(by: { $0.key < $1.key }) where stand.count >= Self.standingFrames {
            outcome.stood += 1
            let middle = (stand.lowerBound + stand.upperBound) / 2
            let image = scene.render(frame: middle).frame.image
            let own = Set(try reader.read(image).detections.compactMap { $0.barcode?.data }.filter { palletOfPayload[$0] == pallet })
            outcome.stillReads += own.count
            for payload in own.subtracting(recorded[pallet] ?? []).sorted() {
                outcome.stillReadsMissed.append("seed \(outcome.seed) pallet \(pallet): \(Self.shown(payload)), read still on frame \(middle), not in its record")
            }
        }
    }

    /// Scores the records of a scene for the pallets `passed` (``passed(_:before:gap:)``: their
    /// records are due before the scene ended), each payload's pallet by `palletOfPayload`. A record
    /// is exact when it holds each of its pallet's payloads as many times as the pallet has labels of
    /// it (`labels`: each pallet's payloads, one per label).
    static func score(_ records: [(payloads: [String], closedAt: Double)], labels: [Int: [String]],
                      seen: [Int: (first: Double, last: Double)], passed: Set<Int>, palletOfPayload: [String: Int],
                      seed: UInt64, seconds: Double) -> Outcome {
        var outcome = Outcome(seed: seed, seconds: seconds)
        let labelsOf = labels.mapValues(counts)
        var recordsOf: [Int: [(payloads: [String: Int], closedAt: Double)]] = [:]
        for (read, closedAt) in records {
            let payloads = counts(read)
            let pallets = Set(payloads.keys.compactMap { palletOfPayload[$0] })
            if pallets.count > 1 { outcome.merged += 1 }
            for pallet in pallets { recordsOf[pallet, default: []].append((payloads, closedAt)) }
        }
        for pallet in passed.sorted() {
            outcome.pallets += 1
            let mine = recordsOf[pallet] ?? [], labels = labelsOf[pallet]!
            let read = mine.reduce(into: Set<String>()) { $0.formUnion($1.payloads.keys.filter { palletOfPayload[$0] == pallet }) }
            outcome.labelsMissed += Set(labels.keys).subtracting(read).count
            if mine.isEmpty { outcome.missed += 1 }
            if mine.count > 1 { outcome.split += 1 }
            let exact = mine.count == 1 && mine[0].payloads == labels
            if exact { outcome.exact += 1 }
            if mine.count == 1, !exact, Set(mine[0].payloads.keys) == Set(labels.keys) { outcome.miscounted += 1 }
            for record in mine { outcome.recordDelays.append(record.closedAt - seen[pallet]!.last) }
            if !exact {
                outcome.inexact.append(describe(pallet: pallet, labels: labels, records: mine.map(\.payloads), seen: seen[pallet]!, seed: seed))
            }
            if mine.count > 1 || mine.contains(where: { Set($0.payloads.keys.compactMap { palletOfPayload[$0] }).count > 1 }) {
                let previousLeft = seen[pallet - 1]?.last ?? 0
                outcome.troubleGaps.append(seen[pallet]!.first - previousLeft)
            }
        }
        return outcome
    }

    /// `payload` as a line of the bench's report shows it: line breaks and tabs escaped, and
    /// cut after 60 characters (a PDF417 holding a book's first chapter is named by its start).
    static func shown(_ payload: String) -> String {
        let escaped = payload.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\t", with: "\\t")
        return escaped.count > 60 ? escaped.prefix(60) + "… (\(payload.count) characters)" : escaped
    }

    /// How many times each payload occurs in `payloads`.
    static func counts(_ payloads: [String]) -> [String: Int] {
        payloads.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// The pallets that left the view more than `gap` (seconds) plus one second before the scene's
    /// end (`seconds`), by when each was `seen`: their records are due by then.
    static func passed(_ seen: [Int: (first: Double, last: Double)], before seconds: Double, gap: Double) -> Set<Int> {
        Set(seen.filter { $0.value.last < seconds - 1 - gap }.keys)
    }

    /// The pallet of each payload of `scene` (the first, for a payload on several pallets).
    static func palletOfPayload(in scene: SyntheticScene) -> [String: Int] {
        Dictionary(scene.labels.map { ($0.payload, $0.pallet) }, uniquingKeysWith: { a, _ in a })
    }

    /// A line naming an inexact pallet: when it was in view, its labels, and each record's codes
    /// (a payload held more than once followed by its count, as `×2`).
    static func describe(pallet: Int, labels: [String: Int], records: [[String: Int]], seen: (first: Double, last: Double), seed: UInt64) -> String {
        func named(_ payload: String, _ count: Int) -> String { count == 1 ? shown(payload) : "\(shown(payload)) ×\(count)" }
        let times = "\(JSONValue.number(seen.first, decimals: 1).text)-\(JSONValue.number(seen.last, decimals: 1).text) s"
        let held = records.map { record in
            let own = record.filter { labels[$0.key] != nil }.sorted { $0.key < $1.key }.map { named($0.key, $0.value) }
            let foreign = record.filter { labels[$0.key] == nil }.sorted { $0.key < $1.key }.map { "not its own: " + named($0.key, $0.value) }
            return "{" + (own + foreign).joined(separator: " ") + "}"
        }
        let read = records.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
        let missing = labels.filter { !read.contains($0.key) }.sorted { $0.key < $1.key }.map { named($0.key, $0.value) }
        return "seed \(seed) pallet \(pallet) in view \(times): \(labels.values.reduce(0, +)) labels, \(records.count) records \(held.joined(separator: " "))"
            + (missing.isEmpty ? "" : ", not read: " + missing.joined(separator: " "))
    }

    /// The table `track bench --scenes station` prints.
    package static func table(_ outcomes: [Outcome], gap: Double) -> String {
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "-" : JSONValue.number(100 * Double(part) / Double(whole), decimals: 1).text + "%" }
        func seconds(_ values: [Double], _ q: Double) -> String {
            guard !values.isEmpty else { return "-" }
            let sorted = values.sorted()
            return JSONValue.number(sorted[min(sorted.count - 1, Int(q * Double(sorted.count - 1)))], decimals: 2).text
        }
        var lines = ["| seed | minutes | pallets | exact codes and counts | wrong count | split | merged | missed | labels missed | record after leaving p50 / max (s) |",
                     "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
        for o in outcomes + [outcomes.reduce(into: Outcome(seed: 0, seconds: 0)) { total, o in
            total.seconds += o.seconds; total.pallets += o.pallets; total.exact += o.exact; total.miscounted += o.miscounted; total.split += o.split
            total.merged += o.merged; total.missed += o.missed; total.labelsMissed += o.labelsMissed
            total.recordDelays += o.recordDelays; total.troubleGaps += o.troubleGaps
        }] {
            let name = o.seed == 0 ? "all" : String(o.seed)
            lines.append("| \(name) | \(JSONValue.number(o.seconds / 60, decimals: 1).text) | \(o.pallets) | \(o.exact) (\(percent(o.exact, o.pallets))) | \(o.miscounted) | "
                         + "\(o.split) | \(o.merged) | \(o.missed) | \(o.labelsMissed) | \(seconds(o.recordDelays, 0.5)) / \(seconds(o.recordDelays, 1)) |")
        }
        lines.append("")
        lines.append("gap \(JSONValue.number(gap, decimals: 2).text) s; a record is due within gap + 0.5 s of its pallet leaving the view. "
                     + "Empty belt before split or merged pallets (s): \(outcomes.flatMap(\.troubleGaps).map { JSONValue.number($0, decimals: 1).text }.joined(separator: ", "))")
        let stood = outcomes.reduce(0) { $0 + $1.stood }, stillReads = outcomes.reduce(0) { $0 + $1.stillReads }
        let stillMissed = outcomes.flatMap(\.stillReadsMissed)
        lines.append("Stop-and-go: \(stood) pallets stood still for \(Self.standingFrames)+ frames; a thorough still read (track scan's settings) "
                     + "of the middle frame of each one's longest stand read \(stillReads) of their codes, \(stillMissed.count) of them missing from the pallet's record.")
        lines += stillMissed
        let planted = outcomes.reduce(0) { $0 + $1.discrepanciesPlanted }, reported = outcomes.reduce(0) { $0 + $1.discrepanciesReported }
        let others = outcomes.flatMap(\.otherDiscrepancies)
        lines.append("Manifest: of \(planted) discrepancies planted in the shipment notice (a payload left out: unexpected; one listed "
                     + "that the pallet lacks: missing), \(reported) reported on the pallet's record; \(others.count) other discrepancies reported.")
        lines += outcomes.flatMap(\.unreportedDiscrepancies) + others
        let inexact = outcomes.flatMap(\.inexact)
        if !inexact.isEmpty { lines += ["", "Inexact pallets:"] + inexact }
        return lines.joined(separator: "\n") + "\n"
    }
}
