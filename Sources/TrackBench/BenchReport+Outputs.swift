package import Foundation

extension BenchReport {
    /// The report of a run started at `started` as `command`, over `outcomes`, on this machine.
    package init(started: Date, command: String, outcomes: [BenchRunner.Outcome]) {
        self.init(date: ISO8601DateFormatter().string(from: started), machine: BenchTable.machine(), command: command,
                  sequences: outcomes.map(\.result), peakMemoryMiB: BenchRunner.peakMemoryMiB(),
                  wallSeconds: Date().timeIntervalSince(started))
    }

    /// The terminal tables (speed, accuracy), engine and baseline side by side.
    package var table: String { BenchTable.render(self) }

    /// Writes the report where asked (each path nil: not written): every figure as JSON,
    /// the Markdown table, MOTChallenge files of `outcomes` under the folder `mot`, the PNG plot.
    package func write(json: String?, markdown: String?, mot: String?, plot: String?, outcomes: [BenchRunner.Outcome]) throws {
        if let json { try BenchTable.json(self).write(to: URL(fileURLWithPath: json)) }
        if let markdown { try Data(BenchMarkdown.render(self).utf8).write(to: URL(fileURLWithPath: markdown)) }
        if let mot { try BenchMOTWriter.write(outcomes, to: mot) }
        if let plot { try BenchPlot.render(self).pngData.write(to: URL(fileURLWithPath: plot)) }
    }
}
