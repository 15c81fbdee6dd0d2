/// How `FrameAnnotator` draws codes, labels and overlays.
///
/// Defaults: decoded codes green, filled at 30 % and outlined; located-only codes
/// yellow, outline only; rejected codes red (filled when decoded); overlay plans
/// magenta outlines; scan-area guides cyan; track IDs white on the code colour. Lengths are frame pixels.
public struct AnnotationStyle: Hashable, Sendable {
    /// Outline and fill colour of decoded codes.
    public var decodedColor: RGBColor
    /// Outline colour of located-only (not yet decoded) codes.
    public var locatedColor: RGBColor
    /// Outline and fill colour of rejected codes, whatever their decode state.
    public var rejectedColor: RGBColor
    /// Outline colour of overlay plans.
    public var overlayColor: RGBColor
    /// Colour of scan-area guides.
    public var guideColor: RGBColor
    /// Colour of track-ID digits.
    public var labelColor: RGBColor
    /// Opacity (0...1) of the fill of decoded codes.
    public var fillOpacity: Double
    /// Opacity (0...1) of outlines of codes that are only predicted in this frame (not measured).
    public var predictedOpacity: Double
    /// Outline thickness, in frame pixels.
    public var lineWidth: Double
    /// Font scale of track IDs (font pixels per frame pixel, ≥ 1).
    public var labelScale: Int
    /// Whether to draw track IDs.
    public var showsTrackIDs: Bool
    /// Dash length (frame pixels; gaps are as long) of located-only outlines, or `nil`
    /// (the default) for solid ones. `track --annotate` draws them grey and dashed (8 px).
    public var locatedDash: Double?

    /// The default style.
    public init(
        decodedColor: RGBColor = .green, locatedColor: RGBColor = .yellow, rejectedColor: RGBColor = .red,
        overlayColor: RGBColor = .magenta, guideColor: RGBColor = .cyan, labelColor: RGBColor = .white, fillOpacity: Double = 0.3,
        predictedOpacity: Double = 0.5, lineWidth: Double = 2, labelScale: Int = 2, showsTrackIDs: Bool = true,
        locatedDash: Double? = nil
    ) {
        self.locatedDash = locatedDash
        self.decodedColor = decodedColor
        self.locatedColor = locatedColor
        self.rejectedColor = rejectedColor
        self.overlayColor = overlayColor
        self.guideColor = guideColor
        self.labelColor = labelColor
        self.fillOpacity = fillOpacity
        self.predictedOpacity = predictedOpacity
        self.lineWidth = lineWidth
        self.labelScale = labelScale
        self.showsTrackIDs = showsTrackIDs
    }
}
