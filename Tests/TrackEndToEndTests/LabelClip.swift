import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import TestSupport

/// Writes small test clips of rendered labels (zxing-cpp's writer) on a white 640x480
/// background, for end-to-end runs of `track --input`.
enum LabelClip {
    /// One label: its payload and symbology, drawn with its top-left corner at `origin` (pixels).
    struct Label {
        var text: String
        var symbology: Symbology
        var origin: (x: Int, y: Int)
        var width = 300
        var height = 150
        /// Horizontal motion blur: a box filter this many pixels long (0 = sharp).
        var blur = 0
    }

    /// A white frame with `labels` pasted on it.
    static func frame(_ labels: [Label], width: Int = 640, height: Int = 480) throws -> LumaImage {
        var image = try LumaImage(width: width, height: height)
        for label in labels {
            var symbol = try BarcodeRenderer.render(label.text, as: label.symbology, width: label.width, height: label.height, quietZone: 20)
            if label.blur > 1 { symbol = blurred(symbol, length: label.blur) }
            for y in 0..<symbol.height where label.origin.y + y < height {
                for x in 0..<symbol.width where label.origin.x + x < width {
                    image.pixels[(label.origin.y + y) * image.bytesPerRow + label.origin.x + x] = symbol.pixels[y * symbol.bytesPerRow + x]
                }
            }
        }
        return image
    }

    /// `image` smeared horizontally by a box filter `length` pixels long (edges repeat the border pixel).
    static func blurred(_ image: LumaImage, length: Int) -> LumaImage {
        var out = image
        for y in 0..<image.height {
            let row = y * image.bytesPerRow
            for x in 0..<image.width {
                var sum = 0
                for k in 0..<length { sum += Int(image.pixels[row + min(image.width - 1, max(0, x + k - length / 2))]) }
                out.pixels[row + x] = UInt8(sum / length)
            }
        }
        return out
    }

    /// Writes `frames` (the labels of each frame, in order) at 30 frames per second to `path` (.y4m, .mp4, …).
    static func write(_ frames: [[Label]], to path: String, width: Int = 640, height: Int = 480) throws {
        try VideoFiles.write(to: path, width: width, height: height) { writer in
            for (index, labels) in frames.enumerated() {
                try writer.append(try frame(labels, width: width, height: height), time: Double(index) / 30)
            }
        }
    }
}
