/// A colour with 8-bit red, green and blue channels.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey of the given luma.
    public init(gray: UInt8) { self.init(red: gray, green: gray, blue: gray) }

    /// Black (0, 0, 0).
    public static let black = RGBColor(gray: 0)
    /// White (255, 255, 255).
    public static let white = RGBColor(gray: 255)
    /// Red (230, 30, 30): rejected codes by default.
    public static let red = RGBColor(red: 230, green: 30, blue: 30)
    /// Green (30, 200, 60): decoded codes by default.
    public static let green = RGBColor(red: 30, green: 200, blue: 60)
    /// Yellow (250, 210, 20): located-only codes by default.
    public static let yellow = RGBColor(red: 250, green: 210, blue: 20)
    /// Magenta (220, 40, 220): overlay plans by default.
    public static let magenta = RGBColor(red: 220, green: 40, blue: 220)
    /// Cyan (20, 200, 230): free for guides.
    public static let cyan = RGBColor(red: 20, green: 200, blue: 230)

    /// `this` blended over `background` with `opacity` in 0...1 (1 = opaque).
    func blended(over background: RGBColor, opacity: Double) -> RGBColor {
        let a = Swift.min(1, Swift.max(0, opacity))
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(f) * a + Double(b) * (1 - a)).rounded()) }
        return RGBColor(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    public var description: String { "rgb(\(red), \(green), \(blue))" }
}
