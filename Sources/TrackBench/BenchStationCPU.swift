import BarcodeDecoding
package import BarcodeEngine
package import BarcodeTracking
import Foundation
import JSONLines
package import SyntheticScenes

/// CPU per frame of the engine and of decoding every frame, on a fixed-camera scene, by what the
/// view shows: nothing (an empty lane), labels moving past, or labels standing still.
///
/// Frames are rendered in blocks before either pipeline sees them, so rendering never counts;
/// each pipeline's CPU is the process's (every thread: the engine's parallel jobs; its reads of
/// a still view run within the frame here, ``TrackingEngine/readStandingViewsInline()``),
/// measured around each frame's work. The baseline reads
/// every frame with the engine's own whole-frame options (the same binarizer), in this process.
package struct BenchStationCPU {
    /// What a frame shows, by the scene's truth.
    package enum Spell: Int, CaseIterable, Sendable {
        case idle, moving, standing

        /// The row label.
        package var name: String { ["idle (no label in view)", "labels moving", "labels standing"][rawValue] }
    }

    /// Frames and CPU seconds per spell.
    package struct Outcome: Sendable {
        package var frames = [Int](repeating: 0, count: 3)
        package var engine = [Double](repeating: 0, count: 3)
        package var baseline = [Double](repeating: 0, count: 3)
        /// Frames of each spell on which the engine rested (searched nothing: a still view), and their engine CPU seconds.
        package var rested = [Int](repeating: 0, count: 3)
        package var restedEngine = [Double](repeating: 0, count: 3)
        /// Wall seconds of the engine's jobs per spell, by kind (``EngineJobTimes/Kind``).
        package var jobs = [[EngineJobTimes.Kind: Double]](repeating: [:], count: 3)

        /// No frames yet.
        package init() {}

        package static func + (a: Outcome, b: Outcome) -> Outcome {
            var sum = a
            for i in 0..<3 {
                sum.frames[i] += b.frames[i]
                sum.engine[i] += b.engine[i]
                sum.baseline[i] += b.baseline[i]
                sum.rested[i] += b.rested[i]
                sum.restedEngine[i] += b.restedEngine[i]
                sum.jobs[i].merge(b.jobs[i], uniquingKeysWith: +)
            }
            return sum
        }
    }

    package var engine: TrackingEngineConfiguration
    package var session: ScanSessionConfiguration

    package init(engine: TrackingEngineConfiguration, session: ScanSessionConfiguration) {
        self.engine = engine
        self.session = session
    }

    /// Frames rendered ahead at a time (about 135 MB at 720p).
    static let block = 150

    /// The spell of a frame from its truth and the previous frame's: idle when no label is in
    /// view, standing when every label in view is where it was (within a tenth of a pixel).
    static func spell(_ truth: GroundTruthFrame, after previous: GroundTruthFrame?) -> Spell {
        let visible = truth.codes.filter { $0.visibility > 0 }
        guard !visible.isEmpty else { return .idle }
        let before = Dictionary((previous?.codes ?? []).map { ($0.instance, $0.location.center) }, uniquingKeysWith: { a, _ in a })
        let still = visible.allSatisfy { code in before[code.instance].map { $0.distance(to: code.location.center) < 0.1 } ?? false }
        return still ? .standing : .moving
    }

    /// Runs `frames` frames of `scene` through the engine (with a scan session, as `track` runs
    /// it) and through a whole-frame read of every frame.
    package func run(_ scene: SyntheticScene, frames: Int) throws -> Outcome {
        let jobTimes = EngineJobTimes()
        let detector = try TrackingEngine(options: .video, configuration: engine, jobTimes: jobTimes)
        detector.readStandingViewsInline()
        let baseline = try BarcodeReader(options: .video)
        let session = try ScanSession(configuration: session)
        let size = Size(width: Double(scene.configuration.width), height: Double(scene.configuration.height))
        var outcome = Outcome()
        var previous: GroundTruthFrame?
        var start = 1
        while start <= frames {
            let rendered = (start...min(frames, start + Self.block - 1)).map { scene.render(frame: $0) }
            for (frame, truth) in rendered {
                let spell = Self.spell(truth, after: previous).rawValue
                previous = truth
                outcome.frames[spell] += 1
                let restedBefore = detector.restedFrames
                let jobsBefore = jobTimes.snapshot
                let before = benchCPUNow()
                let detections = try session.detect(in: frame, using: detector)
                _ = try session.process(detections, frameNumber: frame.number, time: frame.time, frameSize: size)
                let between = benchCPUNow()
                _ = try baseline.read(frame.image)
                let after = benchCPUNow()
                outcome.engine[spell] += Double(between - before) / 1e9
                for (kind, total) in jobTimes.snapshot {
                    outcome.jobs[spell][kind, default: 0] += total.seconds - (jobsBefore[kind]?.seconds ?? 0)
                }
                if detector.restedFrames > restedBefore {
                    outcome.rested[spell] += 1
                    outcome.restedEngine[spell] += Double(between - before) / 1e9
                }
                outcome.baseline[spell] += Double(after - between) / 1e9
            }
            start += Self.block
        }
        return outcome
    }

    /// The table `track bench --scenes station --cpu` prints.
    package static func table(_ outcome: Outcome) -> String {
        func ms(_ seconds: Double, _ frames: Int) -> String { frames == 0 ? "-" : JSONValue.number(1000 * seconds / Double(frames), decimals: 2).text }
        var lines = ["| view | frames | engine ms/frame | every frame ms/frame | engine / every frame | rested frames | engine ms/frame rested / searched |",
                     "|:--|--:|--:|--:|--:|--:|--:|"]
        for spell in Spell.allCases {
            let i = spell.rawValue
            let ratio = outcome.baseline[i] > 0 ? JSONValue.number(outcome.engine[i] / outcome.baseline[i], decimals: 3).text : "-"
            let searched = outcome.frames[i] - outcome.rested[i]
            lines.append("| \(spell.name) | \(outcome.frames[i]) | \(ms(outcome.engine[i], outcome.frames[i])) | \(ms(outcome.baseline[i], outcome.frames[i])) | \(ratio) | "
                         + "\(outcome.rested[i]) | \(ms(outcome.restedEngine[i], outcome.rested[i])) / \(ms(outcome.engine[i] - outcome.restedEngine[i], searched)) |")
        }
        lines.append("")
        lines.append(jobTable(outcome))
        lines.append("")
        lines.append("CPU of this process (all threads) around each frame's work, rendering excluded; every frame read with the engine's whole-frame options. "
                     + "Rested: the engine found the view still and searched nothing (the stillness measure only).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where the engine's time goes per view: wall milliseconds per frame of each kind of job
    /// timed in any view (jobs of one frame overlap on the cores, so they add up to more than
    /// the frame's CPU divided by the cores).
    static func jobTable(_ outcome: Outcome) -> String {
        let kinds = EngineJobTimes.Kind.allCases.filter { kind in outcome.jobs.contains { ($0[kind] ?? 0) > 0 } }
        var lines = ["| view | " + kinds.map(\.rawValue).joined(separator: " | ") + " |",
                     "|:--|" + kinds.map { _ in "--:|" }.joined()]
        for spell in Spell.allCases where outcome.frames[spell.rawValue] > 0 {
            let i = spell.rawValue
            let cells = kinds.map { JSONValue.number(1000 * (outcome.jobs[i][$0] ?? 0) / Double(outcome.frames[i]), decimals: 2).text }
            lines.append("| \(spell.name) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
