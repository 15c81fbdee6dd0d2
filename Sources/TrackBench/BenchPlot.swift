import BarcodeAnnotation
import BarcodeTracking
import Foundation

/// The `--plot` picture: latency CDF (all frames of all sequences) and per-frame
/// time in run order, engine against baseline. Drawn onto an `RGBImage`.
enum BenchPlot {
    static let engineColor = RGBColor(red: 20, green: 110, blue: 220)
    static let baselineColor = RGBColor(red: 220, green: 80, blue: 20)
    static let size = (width: 1400, height: 620)

    /// A plotting area inside the image and its data ranges.
    struct Panel {
        var frame: Rect
        var xRange: ClosedRange<Double>, yRange: ClosedRange<Double>
        func point(_ x: Double, _ y: Double) -> Point {
            let fx = (x - xRange.lowerBound) / max(1e-12, xRange.upperBound - xRange.lowerBound)
            let fy = (y - yRange.lowerBound) / max(1e-12, yRange.upperBound - yRange.lowerBound)
            return Point(x: frame.x + fx * frame.width, y: frame.maxY - fy * frame.height)
        }
    }

    /// Renders the picture for `report`.
    static func render(_ report: BenchReport) -> RGBImage {
        var image = try! RGBImage(width: size.width, height: size.height, filledWith: .white) // constant, valid size
        let engine = report.sequences.flatMap { $0.engine?.perFrameLatency ?? [] }
        let baseline = report.sequences.flatMap { $0.baseline?.perFrameLatency ?? [] }
        let top = niceCeiling(max(engine.max() ?? 1, baseline.max() ?? 1))
        image.drawText("TRACK BENCH - ENGINE VS DECODE EVERY FRAME - \(report.sequences.count) SEQUENCES",
                       at: Point(x: 40, y: 14), color: .black, scale: 2)
        legend(&image, at: Point(x: 980, y: 14))

        // Left: CDF of latency.
        let cdf = Panel(frame: Rect(x: 90, y: 80, width: 520, height: 460), xRange: 0...top, yRange: 0...1)
        axes(&image, cdf, xTicks: ticks(top), yTicks: [0, 0.25, 0.5, 0.75, 1], yFormat: { BenchTable.f($0, 2) })
        image.drawText("LATENCY CDF - MS", at: Point(x: cdf.frame.x, y: 56), color: .black, scale: 2)
        image.drawText("LATENCY MS", at: Point(x: cdf.frame.midX - 30, y: cdf.frame.maxY + 34), color: .black, scale: 1)
        image.drawText("FRACTION", at: Point(x: 8, y: cdf.frame.y - 16), color: .black, scale: 1)
        for (values, color) in [(baseline, baselineColor), (engine, engineColor)] {
            let sorted = values.sorted()
            var previous = cdf.point(0, 0)
            for (index, value) in sorted.enumerated() {
                let fraction = Double(index + 1) / Double(sorted.count)
                let flat = cdf.point(value, Double(index) / Double(sorted.count))
                let up = cdf.point(value, fraction)
                image.drawLine(from: previous, to: flat, color: color, thickness: 2)
                image.drawLine(from: flat, to: up, color: color, thickness: 2)
                previous = up
            }
        }

        // Right: per-frame latency in run order, sequence boundaries as grey lines.
        let count = niceCeiling(Double(max(engine.count, baseline.count, 2)))
        let series = Panel(frame: Rect(x: 740, y: 80, width: 620, height: 460), xRange: 0...count, yRange: 0...top)
        var start = 0.0
        for sequence in report.sequences where sequence.engine != nil {
            start += Double(sequence.engine!.perFrameLatency.count)
            let x = series.point(start + 0.5, 0).x
            image.drawLine(from: Point(x: x, y: series.frame.y), to: Point(x: x, y: series.frame.maxY),
                           color: RGBColor(gray: 215))
        }
        axes(&image, series, xTicks: ticks(count), yTicks: ticks(top), yFormat: label)
        image.drawText("PER-FRAME TIME - MS", at: Point(x: series.frame.x, y: 56), color: .black, scale: 2)
        image.drawText("FRAME - ALL SEQUENCES IN RUN ORDER", at: Point(x: series.frame.midX - 100, y: series.frame.maxY + 34),
                       color: .black, scale: 1)
        for (values, color) in [(baseline, baselineColor), (engine, engineColor)] where values.count > 1 {
            for i in 1..<values.count {
                image.drawLine(from: series.point(Double(i), values[i - 1]), to: series.point(Double(i + 1), values[i]),
                               color: color, thickness: 1.5)
            }
        }
        image.drawText("\(report.machine) - \(report.date)".uppercased().replacingOccurrences(of: ",", with: " "), at: Point(x: 40, y: 596),
                       color: RGBColor(gray: 90), scale: 1)
        return image
    }

    private static func legend(_ image: inout RGBImage, at origin: Point) {
        for (index, (name, color)) in [("ENGINE", engineColor), ("BASELINE - EVERY FRAME DECODED", baselineColor)].enumerated() {
            let y = origin.y + Double(index) * 18
            image.fill(Rect(x: origin.x, y: y, width: 24, height: 10), color: color)
            image.drawText(name, at: Point(x: origin.x + 32, y: y + 1), color: .black, scale: 1)
        }
    }

    private static func axes(_ image: inout RGBImage, _ panel: Panel, xTicks: [Double], yTicks: [Double],
                             yFormat: (Double) -> String) {
        let f = panel.frame
        for y in yTicks {
            let p = panel.point(panel.xRange.lowerBound, y)
            image.drawLine(from: p, to: Point(x: f.maxX, y: p.y), color: RGBColor(gray: 235))
            let label = yFormat(y)
            image.drawText(label, at: Point(x: f.x - 8 - Double(label.count * 6 * 2), y: p.y - 7), color: .black, scale: 2)
        }
        for x in xTicks {
            let p = panel.point(x, panel.yRange.lowerBound)
            image.drawLine(from: p, to: Point(x: p.x, y: p.y + 6), color: .black)
            let label = label(x)
            image.drawText(label, at: Point(x: p.x - Double(label.count * 6), y: p.y + 10), color: .black, scale: 2)
        }
        image.drawLine(from: Point(x: f.x, y: f.maxY), to: Point(x: f.maxX, y: f.maxY), color: .black, thickness: 1.5)
        image.drawLine(from: Point(x: f.x, y: f.y), to: Point(x: f.x, y: f.maxY), color: .black, thickness: 1.5)
    }

    /// A round number ≥ `value` (1, 2 or 5 × 10ⁿ).
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let magnitude = pow(10, floor(log10(value)))
        for step in [1.0, 2, 5, 10] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }

    /// Evenly spaced round ticks from 0 to `top` (a ``niceCeiling(_:)`` value): fifths of 1 or 5 × 10ⁿ, quarters of 2 × 10ⁿ.
    static func ticks(_ top: Double) -> [Double] {
        let leading = top / pow(10, floor(log10(max(top, 1e-12))))
        let divisions = abs(leading - 2) < 1e-9 ? 4 : 5
        return (0...divisions).map { Double($0) * top / Double(divisions) }
    }

    /// A tick label with as many decimals as the value needs (up to 2).
    static func label(_ value: Double) -> String {
        for decimals in 0...2 where abs(value * pow(10, Double(decimals)) - (value * pow(10, Double(decimals))).rounded()) < 1e-6 {
            return BenchTable.f(value, decimals)
        }
        return BenchTable.f(value, 2)
    }
}

extension Rect {
    var midX: Double { x + width / 2 }
}

extension RGBImage {
    /// The image as PNG file bytes.
    var pngData: Data { Data(PNGEncoder.encode(self)) }
}
