import BarcodeEngine

/// The engine's time by kind of job (``EngineJobTimes``), per frame, and its table.
enum BenchJobTimes {
    /// Milliseconds per frame of each kind timed in `times` over `frames` frames, keyed by the kind's name.
    static func perFrame(_ times: EngineJobTimes, frames: Int) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: times.snapshot.map { kind, total in
            (kind.rawValue, total.seconds * 1000 / Double(max(1, frames)))
        })
    }

    /// One row per sequence with engine figures, one column per kind timed in any of them
    /// (in ``EngineJobTimes/Kind`` order), then the engine's detection time per frame.
    static func rows(_ sequences: [BenchSequenceResult]) -> [[String]] {
        let timed = sequences.compactMap { $0.engine }
        let kinds = EngineJobTimes.Kind.allCases.filter { kind in
            timed.contains { ($0.jobMillisecondsPerFrame?[kind.rawValue] ?? 0) > 0 }
        }
        var rows = [["scene"] + kinds.map(\.rawValue) + ["detection"]]
        for s in sequences {
            guard let e = s.engine, let times = e.jobMillisecondsPerFrame else { continue }
            rows.append([s.name] + kinds.map { times[$0.rawValue].map { BenchTable.f($0, 2) } ?? "—" }
                        + [BenchTable.f(e.decodePerFrame, 2)])
        }
        return rows
    }
}
