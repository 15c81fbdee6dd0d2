import Foundation

/// The terminal table and the JSON of a bench report.
enum BenchTable {
    /// The extras table's set-aside cell: misreads (with ground truth) / misplaced reads (files), "—" for none measured.
    static func setAside(_ s: BenchSequenceResult) -> String {
        guard s.baselineMisreadsSetAside != nil || s.baselineMisplacedSetAside != nil else { return "—" }
        return (s.baselineMisreadsSetAside.map { "\($0)" } ?? "—") + "/" + (s.baselineMisplacedSetAside.map { "\($0)" } ?? "—")
    }

    /// Two tables (speed, accuracy), engine (E) and baseline (B) side by side, plus a footer.
    static func render(_ report: BenchReport) -> String {
        var speed: [[String]] = [[
            "scene", "frames", "module", "E fps", "B fps", "E/B", "CPU ms E/B", "B/E CPU",
            "E p50/p90/p99/max ms", "B p50/p90/p99/max ms", "E dec/trk/ovl ms", "B dec/trk/ovl ms",
        ]]
        var accuracy: [[String]] = [[
            "scene", "ref", "recall E/B", "coverage E/B", "IDF1 E/B", "IDsw E/B",
            "pred/hold err px E", "pred/hold err px B", "1st decode frames E", "1st decode frames B",
            "E lag vs B", "E cov of B",
        ]]
        var extras: [[String]] = [["scene", "located-only lead frames E", "located/stray pairs E", "misreads held back E/B",
                                   "B misreads/misplaced set aside"]]
        var skipped: [String] = []
        for s in report.sequences {
            guard let e = s.engine, let b = s.baseline else {
                skipped.append("\(s.name): not run: \(s.skipped ?? "no result")")
                speed.append([s.name, "—", "does not fit", "—", "—", "—", "—", "—", "—", "—", "—", "—"])
                accuracy.append([s.name, "—", "—", "—", "—", "—", "—", "—", "—", "—", "—", "—"])
                continue
            }
            speed.append([
                s.name, "\(s.frames)", s.modulePixels.map { f($0, 2) + " px" } ?? "—",
                f(e.framesPerSecond, 1), f(b.framesPerSecond, 1), s.speedUp.map { f($0, 2) + "×" } ?? "—",
                f(e.cpuPerFrame, 2) + "/" + f(b.cpuPerFrame, 2), s.cpuSaving.map { f($0, 2) + "×" } ?? "—",
                latency(e), latency(b), stages(e), stages(b),
            ])
            accuracy.append([
                s.name, s.reference == "ground truth" ? "truth" : s.reference == "baseline decodes" ? "base" : "other",
                pct(e.accuracy.recall) + "/" + pct(b.accuracy.recall),
                pct(e.accuracy.coverage) + "/" + pct(b.accuracy.coverage),
                f(e.mot.idf1, 3) + "/" + f(b.mot.idf1, 3),
                "\(e.mot.idSwitches)/\(b.mot.idSwitches)",
                errors(e.accuracy), errors(b.accuracy), firstDecode(e.accuracy), firstDecode(b.accuracy),
                lag(s.decodeLagBehindBaseline), s.engineCoverageOfBaseline.map(pct) ?? "—",
            ])
            extras.append([s.name, e.located.summary, "\(e.located.locatedPairs)/\(e.located.strayPairs)",
                           "\(e.misreadsPrevented)/\(b.misreadsPrevented)", setAside(s)])
        }
        var text = "Speed (latency = frame in hand → tracked results and overlay plans delivered; E engine, B baseline;\n"
        text += " CPU: process CPU time per frame, all threads, which other load on the machine does not inflate)\n"
        text += grid(speed) + "\n"
        text += "Accuracy (coverage: fully visible frame/code pairs located with the right payload; IDF1/IDsw: MOTChallenge, IoU ≥ 0.5)\n"
        text += grid(accuracy)
        text += "(E lag vs B: per physical code the baseline reads in 5 consecutive frames, frames from the start of that run to the engine's\n"
        text += " first decode of it, mean (early counts as 0) and max; a code the engine never decodes counts to the end of the sequence;\n"
        text += " E cov of B: of the frame/code pairs the baseline decoded right (on a reference code, with its payload), the share the engine reports too;\n"
        text += " ref: truth = ground truth, base = the baseline's decodes, other = --reference's; in base and other a code unread between\n"
        text += " two reads of it is don't-care: a box there is neither matched nor false in IDF1 and IDsw)\n"
        text += "Located-only outlines (track bench --located-only) and misread protection\n"
        text += grid(extras)
        text += "(lead: frames from a code's track first measured to that track decoding it, over the codes decoded;\n"
        text += " located/stray: measured located-only track/frame pairs, and those on no reference code;\n"
        text += " misreads: readings held back by track's default --verify 1d:2/3 (B: counted by an untimed session on its decodes);\n"
        text += " set aside: a file with ground truth (--reference), the baseline's reads on a truth code of another payload, left out\n"
        text += " of E lag vs B and E cov of B; any file, reads zxing-cpp placed where no code can be (a 2-D side under 4 px),\n"
        text += " left out of the baseline's decodes as a reference)\n"
        let jobs = BenchJobTimes.rows(report.sequences)
        if jobs.count > 1 {
            text += "Engine time by job, ms per frame (wall time of each kind of job; jobs run side by side on the cores, so they add up\n"
            text += " to more than detection, the engine's wall time per frame; a read in a reader process counts the wait for its answer)\n"
            text += grid(jobs)
        }
        for line in skipped { text += line + "\n" }
        text += "\nPeak memory \(f(report.peakMemoryMiB, 1)) MiB (process maxrss, both pipelines); "
        text += "\(report.sequences.count) sequences in \(f(report.wallSeconds, 1)) s; \(report.machine); \(report.date)\n"
        return text
    }

    /// The report as pretty-printed JSON.
    static func json(_ report: BenchReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(report)
    }

    /// CPU model and the number of cores this process may use.
    static func machine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }

    private static func latency(_ r: BenchPipelineResult) -> String {
        [r.latencyP50, r.latencyP90, r.latencyP99, r.latencyMax].map { f($0, 1) }.joined(separator: "/")
    }

    private static func stages(_ r: BenchPipelineResult) -> String {
        f(r.decodePerFrame, 1) + "/" + f(r.trackPerFrame, 2) + "/" + f(r.overlayPerFrame, 3)
    }

    private static func errors(_ a: BenchAccuracy) -> String {
        guard let p = a.predictionError, let h = a.holdError else { return "—" }
        return f(p, 1) + "/" + f(h, 1)
    }

    /// Mean and max frames to first decode, and codes never decoded.
    private static func firstDecode(_ a: BenchAccuracy) -> String {
        let values = a.framesToFirstDecode
        guard !values.isEmpty else { return a.neverDecoded > 0 ? "never ×\(a.neverDecoded)" : "—" }
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        var text = "mean \(f(mean, 1)) max \(values.max()!)"
        if a.neverDecoded > 0 { text += " never \(a.neverDecoded)" }
        return text
    }

    /// Mean and max of the engine's first-decode lag behind the baseline; a code the
    /// engine decoded first counts as 0 in the mean (not negative: being early on one
    /// code must not hide being late on another).
    static func lag(_ values: [Int]) -> String {
        guard let worst = values.max() else { return "—" }
        let behind = values.map { max(0, $0) }
        return "mean \(f(Double(behind.reduce(0, +)) / Double(values.count), 1)) max \(worst)"
    }

    static func f(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
    private static func pct(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    /// Left-aligned first column, right-aligned others, columns separated by two spaces.
    private static func grid(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
