/// The bench report as a Markdown table (as in docs/performance.md).
enum BenchMarkdown {
    static func render(_ report: BenchReport) -> String {
        var text = "| scene | module | fps E / B | speed-up | latency p50 / p99 ms E | latency p50 / p99 ms B "
        text += "| recall E / B | coverage E / B | IDF1 E / B | ID sw E / B | pred / hold err px E | 1st decode frames E (mean / max) | E lag vs B, frames | E coverage of B |\n"
        text += "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n"
        let f = BenchTable.f
        func pct(_ x: Double) -> String { f(x * 100, 1) + "%" }
        for s in report.sequences {
            guard let e = s.engine, let b = s.baseline else {
                text += "| \(s.name) | does not fit even at 2 px modules | | | | | | | | | | | | |\n"
                continue
            }
            let firstDecode = e.accuracy.framesToFirstDecode
            let mean = firstDecode.isEmpty ? "—" : f(Double(firstDecode.reduce(0, +)) / Double(firstDecode.count), 1)
            let errors = e.accuracy.predictionError.map { f($0, 1) + " / " + f(e.accuracy.holdError ?? 0, 1) } ?? "—"
            let cells = [
                s.name, s.modulePixels.map { f($0, 2) } ?? "—",
                f(e.framesPerSecond, 1) + " / " + f(b.framesPerSecond, 1), s.speedUp.map { f($0, 2) + "×" } ?? "—",
                f(e.latencyP50, 1) + " / " + f(e.latencyP99, 1), f(b.latencyP50, 1) + " / " + f(b.latencyP99, 1),
                pct(e.accuracy.recall) + " / " + pct(b.accuracy.recall),
                pct(e.accuracy.coverage) + " / " + pct(b.accuracy.coverage),
                f(e.mot.idf1, 2) + " / " + f(b.mot.idf1, 2), "\(e.mot.idSwitches) / \(b.mot.idSwitches)",
                errors, mean + " / " + (firstDecode.max().map(String.init) ?? "—"),
                BenchTable.lag(s.decodeLagBehindBaseline), s.engineCoverageOfBaseline.map(pct) ?? "—",
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }
}
