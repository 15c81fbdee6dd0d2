/// A point in a 2-D coordinate space, origin top left, y down.
///
/// Whether the values are frame pixels or view points depends on where the
/// point comes from; every API that returns one says which.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal coordinate (frame pixels or view points).
    public var x: Double
    /// Vertical coordinate, growing downwards (frame pixels or view points).
    public var y: Double

    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Distance to `other`, in the same units as the coordinates.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }

    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Scales both coordinates by `k`.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
}

/// A width and a height, in frame pixels or view points.
public struct Size: Hashable, Sendable, Codable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
