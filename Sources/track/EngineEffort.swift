public import ArgumentParser
public import BarcodeEngine

/// `--effort`: the library's presets (``TrackingEngineEffort``) by name.
extension TrackingEngineEffort: ExpressibleByArgument {
    /// The `--effort` help text.
    static let help = ArgumentHelp(
        "How often the engine searches the whole frame for new codes: fast (every 6th frame; every 2nd while nothing is tracked), balanced (every 3rd, the default), both twice as seldom while the view is steady and at half size every other time (balanced at full size on every frame while every tracked code is lost), or thorough (every frame, full size). With a camera or --realtime it also searches whole whenever the frame's spare time allows.",
        valueName: "fast|balanced|thorough")
}
