public import BarcodeTracking

/// Draws one frame's tracked codes and overlay plans for the command line (`track --annotate`) and samples.
///
/// Everything is in frame pixels: pass plans made without a `ViewTransform`.
/// Lost tracks are not drawn. A plain value; use from any thread.
public struct FrameAnnotator: Hashable, Sendable {
    /// Colours and sizes.
    public var style: AnnotationStyle

    /// Creates an annotator with `style` (default style unless given).
    public init(style: AnnotationStyle = AnnotationStyle()) {
        self.style = style
    }

    /// The colour a track is drawn in: rejected → `rejectedColor`, decoded → `decodedColor`, else `locatedColor`.
    public func color(for track: TrackedBarcode) -> RGBColor {
        track.isRejected ? style.rejectedColor : (track.isDecoded ? style.decodedColor : style.locatedColor)
    }

    /// Draws `tracks` and `overlays` onto `image` (frame pixels).
    ///
    /// Order: overlays first, then code fills, outlines and ID labels on top.
    /// Decoded and rejected-decoded codes are filled and outlined; located-only
    /// codes are outlined only (dashed with ``AnnotationStyle/locatedDash``); predicted-only
    /// codes are drawn at `predictedOpacity`.
    public func annotate(_ image: inout RGBImage, tracks: [TrackedBarcode], overlays: [OverlayPlan] = []) {
        for plan in overlays where plan.state != .lost {
            image.stroke(plan.outline, color: plan.isRejected ? style.rejectedColor : style.overlayColor,
                         thickness: style.lineWidth)
        }
        for track in tracks where track.state != .lost {
            let color = color(for: track)
            let opacity = track.state == .tracked ? 1 : style.predictedOpacity
            if track.isDecoded {
                image.fill(track.location, color: color, opacity: style.fillOpacity * opacity)
            }
            if !track.isDecoded, let dash = style.locatedDash {
                image.strokeDashed(track.location, dash: dash, color: color, thickness: style.lineWidth, opacity: opacity)
            } else {
                image.stroke(track.location, color: color, thickness: style.lineWidth, opacity: opacity)
            }
            if style.showsTrackIDs { drawLabel(track, color: color, on: &image) }
        }
    }

    /// A colour copy of `frame` with `tracks` and `overlays` drawn on it.
    public func annotated(_ frame: LumaImage, tracks: [TrackedBarcode], overlays: [OverlayPlan] = []) -> RGBImage {
        var image = RGBImage(frame)
        annotate(&image, tracks: tracks, overlays: overlays)
        return image
    }

    /// The track ID in a small box of the code's colour at the top-left corner of its enclosing rectangle,
    /// moved inside the image when the code is at an edge.
    private func drawLabel(_ track: TrackedBarcode, color: RGBColor, on image: inout RGBImage) {
        let text = String(track.id.rawValue)
        let scale = Swift.max(1, style.labelScale)
        let size = BitmapFont.size(of: text, scale: scale)
        let padding = Double(scale)
        let box = track.location.boundingBox
        var x = box.x, y = box.y - size.height - 2 * padding
        if y < 0 { y = box.maxY }
        x = Swift.min(Swift.max(0, x), Double(image.width) - size.width - 2 * padding)
        y = Swift.min(Swift.max(0, y), Double(image.height) - size.height - 2 * padding)
        image.fill(Rect(x: x, y: y, width: size.width + 2 * padding, height: size.height + 2 * padding), color: color)
        image.drawText(text, at: Point(x: x + padding, y: y + padding), color: style.labelColor, scale: scale)
    }
}
