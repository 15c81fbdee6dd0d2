package import BarcodeTracking

/// The MOTChallenge CSV line `track --format mot` writes and `track bench --mot` writes
/// for its trackers: `frame,id,left,top,width,height,1,-1,-1,-1` (frame pixels, two decimals).
package enum MOTChallengeLine {
    /// The line for track `id` at 1-based `frame` with the axis-aligned bounds `box`.
    package static func line(frame: Int, id: Int, box: Rect) -> String {
        func n(_ x: Double) -> String { JSONValue.number(x, decimals: 2).text }
        return "\(frame),\(id),\(n(box.x)),\(n(box.y)),\(n(box.width)),\(n(box.height)),1,-1,-1,-1"
    }
}
