import ArgumentParser
import BarcodeEngine
import BarcodeTracking
import FrameSources
import SyntheticScenes
import TrackArguments

/// Where frames come from.
struct InputOptions: ParsableArguments {
    @Option(name: .long, help: "V4L2 camera device, e.g. /dev/video0.")
    var device: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Video or image file (anything FFmpeg reads; image sequences as frames/%05d.png).", valueName: "file"))
    var input: String?

    @Flag(name: .long, help: "Run on the embedded synthetic scene (no camera needed).")
    var demo = false

    @Flag(
        name: .long, help: "Pace files and the demo at their frame rate and drop frames when processing falls behind (camera simulation).")
    var realtime = false

    @Option(name: .long, help: ArgumentHelp("Camera frame size, or demo scene size (default 1280x720).", valueName: "WxH"))
    var size: FrameSizeArgument?

    // `.unconditional` here and on the other numbers: a negative value (`--fps -1`) is taken as the
    // value and gets validate()'s range, not ArgumentParser's "missing value".
    @Option(name: .long, parsing: .unconditional, help: "Camera frame rate to request (frames per second).")
    var fps: Double?

    @Option(name: .long, parsing: .unconditional, help: "Camera buffers (2...32); few buffers keep latency low. Default 2.")
    var buffers: Int?

    @Option(
        name: .customLong("control"),
        help: ArgumentHelp("Camera control, e.g. exposure=auto, focus=120, torch=on (repeatable).", valueName: "name=value"))
    var controls: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "Demo scene: number of labels (default 3).")
    var codes: Int?

    @Option(name: .long, parsing: .unconditional, help: "Demo scene: random seed, 0 or more (default 1).", transform: Self.seed)
    var seed: UInt64?

    @Option(
        name: .long,
        help:
            "Demo scene layout: pallet, conveyor or station (pallet after pallet past a fixed camera, half of them stopping in view; default pallet)."
    )
    var layout: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Demo scene: hand shake, standard deviation of the per-frame jitter (default 0.8).", valueName: "pixels"))
    var shake: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Demo scene: horizontal motion-blur length (default 0).", valueName: "pixels"))
    var blur: Double?

    @Option(
        name: .customLong("photo"),
        help: ArgumentHelp(
            "Demo scene: a virtual camera over this photograph instead of drawn labels (repeatable: a pallet of photos); with --layout station, every other label is cut from these photos (a file or a folder of them).", valueName: "file"
        ))
    var photos: [String] = []

    @Option(name: .long, help: "Photo scene camera motion: pan, zoom, whip or handheld (default handheld).")
    var path: String?

    /// The input paths by option (`--input`, `--device`, each `--photo`), for ``OutputConflicts``.
    var inputPaths: [(option: String, path: String?)] {
        [("--input", input), ("--device", device)] + photos.map { ("--photo", $0) }
    }

    /// `--seed`: a whole number 0...UInt64.max; the error names the value and the range.
    static func seed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw ValidationError("--seed must be a whole number 0...\(UInt64.max), not '\(text)'")
        }
        return seed
    }

    func validate() throws {
        let chosen = [device != nil, input != nil, demo].filter { $0 }.count
        if chosen == 0 {
            throw ValidationError("choose an input: --demo (synthetic scene), --input FILE or --device /dev/videoN")
        }
        if chosen > 1 { throw ValidationError("choose only one of --demo, --input and --device") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be a positive frame rate up to 1000, not \(fps)") }
        if let buffers, !(2...32).contains(buffers) { throw ValidationError("--buffers must be 2...32, not \(buffers)") }
        if let codes, !(0...1000).contains(codes) { throw ValidationError("--codes must be 0...1000, not \(codes)") }
        if let layout, SyntheticLayoutName(rawValue: layout) == nil {
            throw ValidationError("--layout must be pallet, conveyor or station, not '\(layout)'")
        }
        if let shake, !(0...50).contains(shake) { throw ValidationError("--shake must be 0...50 pixels, not \(shake)") }
        if let blur, !(0...200).contains(blur) { throw ValidationError("--blur must be 0...200 pixels, not \(blur)") }
        if device == nil, !controls.isEmpty || buffers != nil {
            throw ValidationError("--control and --buffers only apply to a camera (--device /dev/videoN)")
        }
        if !demo, codes != nil || seed != nil || layout != nil || shake != nil || blur != nil {
            throw ValidationError("--codes, --seed, --layout, --shake and --blur only apply to --demo")
        }
        if !demo, !photos.isEmpty || path != nil { throw ValidationError("--photo and --path only apply to --demo") }
        if let path, PhotoSceneConfiguration.Path(rawValue: path) == nil {
            throw ValidationError("--path must be pan, zoom, whip or handheld, not '\(path)'")
        }
        if path != nil, photos.isEmpty || layout == SyntheticLayoutName.station.rawValue {
            throw ValidationError("--path moves the camera of a photo scene: add --photo FILE (and no --layout station, whose camera is fixed)")
        }
        if !photos.isEmpty, layout != SyntheticLayoutName.station.rawValue, codes != nil || layout != nil || shake != nil || blur != nil {
            throw ValidationError(
                "--codes, --layout, --shake and --blur shape the drawn-label scene; with --photo use --path, --seed, --size, --fps and --frames"
            )
        }
    }
}

/// The demo scene layouts, as typed on the command line.
enum SyntheticLayoutName: String { case pallet, conveyor, station }

/// `WIDTHxHEIGHT` in pixels.
struct FrameSizeArgument: ExpressibleByArgument {
    let width: Int
    let height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...7680).contains(w), (16...4320).contains(h) else {
            return nil
        }
        width = w
        height = h
    }

    static var defaultValueDescription: String { "WxH, 16x16...7680x4320" }
}

/// What is tracked and where.
struct SessionOptions: ParsableArguments {
    // `.unconditional` so that `--expect -1` reaches validate() and gets the range, not "missing value".
    @Option(name: .long, parsing: .unconditional, help: "Finish (exit 0) as soon as this many distinct codes are recognized.")
    var expect: Int?

    @Option(name: .long, parsing: .unconditional, help: "Give up after this many seconds when --expect is not met (exit 3).")
    var timeout: Double?

    @Option(name: .long, help: "Comma-separated symbologies to track (default: all), e.g. ean13,qrcode.", transform: SymbologyList.parse)
    var symbologies: Set<Symbology>?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Count only codes whose payload matches (repeatable; SYMBOLOGY:REGEX for one symbology; a plain word before the first colon must name one, write \\: for a colon in the payload), e.g. 'code128:^00\\d{18}$'.",
            valueName: "regex"))
    var accept: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Never count codes whose payload matches (repeatable; SYMBOLOGY:REGEX for one symbology; a plain word before the first colon must name one, write \\: for a colon in the payload); they stay tracked, marked rejected.",
            valueName: "regex"))
    var reject: [String] = []

    /// The `--accept` and `--reject` rules, parsed.
    func payloadRules() throws -> PayloadRules {
        PayloadRules(
            accept: try accept.map { try PayloadRules.Rule(parsing: $0, option: "--accept") },
            reject: try reject.map { try PayloadRules.Rule(parsing: $0, option: "--reject") })
    }

    @Option(name: .long, help: TrackingEngineEffort.help)
    var effort: TrackingEngineEffort?

    @Flag(
        name: .customLong("decode-every-frame"),
        help:
            "No engine: every full frame decoded by zxing-cpp and the decodes tracked, what track bench calls the baseline. Slower; to time the engine against it end to end, or to check what the engine misses."
    )
    var decodeEveryFrame = false

    @Flag(
        name: .customLong("zxing-binarizer"),
        help:
            "Binarize 2-D reads with zxing-cpp's own code, as zxing-cpp ships, instead of the vectorised copy of it used by default: the same black matrix bit for bit, the same codes, about three times slower. To time or check track against zxing-cpp as shipped."
    )
    var zxingBinarizer = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Misread protection: a code counts after N agreeing reads within M frames; N/M for all codes, 1d:N/M or 2d:N/M for one class (repeatable; PDF417 follows 1d; default 1d:2/3 and 2d:1/1; 1/1: every code counts at its first read, and only reads that disagree with it are held back).",
            valueName: "N/M"))
    var verify: [String] = []

    /// The `--verify` rules, parsed (defaults when none given).
    func verificationRules() throws -> VerificationRules { try VerificationRules(parsing: verify) }

    @Flag(
        name: .customLong("located-only"),
        help:
            "Also outline codes located but not decodable (blurred, small, far): tracks without data that keep their id once readable. Off by default: the outline is a coarse box, and dense print can be outlined too."
    )
    var locatedOnly = false

    @Flag(
        name: .customLong("sectional-code39"),
        help:
            "Read Code 39 labels too long for the view in sections as the camera pans along them, stitched by overlap and reported once with the full payload."
    )
    var sectionalCode39 = false

    @Option(name: .customLong("max-codes-per-frame"), parsing: .unconditional, help: "Decode at most this many codes per frame (1...255).")
    var maxCodesPerFrame: Int?

    @Option(
        name: .customLong("identity-memory"), parsing: .unconditional,
        help: ArgumentHelp(
            "How long a code that left the view keeps its id to come back with, if no other code carries its payload (default 30; 0: every return gets a new id, as a conveyor of identical labels wants).",
            valueName: "seconds"))
    var identityMemory: Double?

    @Option(name: .customLong("read-isolation"), help: ReadIsolationChoice.help)
    var readIsolation = ReadIsolationChoice.pdf417

    @Option(
        name: .long,
        help: ArgumentHelp("Scan-area margins left,top,right,bottom in pixels, or fractions with %: 10%,0,10%,0.", valueName: "l,t,r,b"))
    var margins: String?

    @Option(
        name: .customLong("point-of-interest"),
        help: ArgumentHelp("Point of interest as fractions of the scan area (default 0.5,0.5).", valueName: "x,y"))
    var pointOfInterest: String?

    @Option(
        name: .long, parsing: .unconditional, help: "Only codes touched by a circle of this radius (pixels) around the point of interest.")
    var radius: Double?

    @Option(
        name: .customLong("selection-rect"),
        help: ArgumentHelp("Only codes inside a rectangle of this size (pixels) centred on the point of interest.", valueName: "WxH"))
    var selectionRect: String?

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many frames.")
    var frames: Int?

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many seconds of input (frame time).")
    var duration: Double?

    func validate() throws {
        _ = try payloadRules()
        _ = try verificationRules()
        if sectionalCode39, let symbologies, !symbologies.contains(.code39) {
            throw ValidationError("--sectional-code39 reads Code 39: add code39 to --symbologies")
        }
        if decodeEveryFrame {
            for (given, option) in [(effort != nil, "--effort"), (locatedOnly, "--located-only"), (sectionalCode39, "--sectional-code39")]
            where given {
                throw ValidationError("\(option) is the engine's, and --decode-every-frame runs without it: drop one of the two")
            }
        }
        if let expect, expect < 1 { throw ValidationError("--expect must be at least 1, not \(expect)") }
        if let timeout, !(timeout > 0 && timeout.isFinite) { throw ValidationError("--timeout must be a positive number of seconds") }
        if timeout != nil, expect == nil { throw ValidationError("--timeout only applies with --expect") }
        if let maxCodesPerFrame, !(1...255).contains(maxCodesPerFrame) {
            throw ValidationError("--max-codes-per-frame must be 1...255, not \(maxCodesPerFrame)")
        }
        if let identityMemory, !(identityMemory >= 0 && identityMemory <= 86_400) {
            throw ValidationError("--identity-memory must be 0...86400 seconds, not \(identityMemory)")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1, not \(frames)") }
        if let duration, !(duration > 0 && duration.isFinite) { throw ValidationError("--duration must be a positive number of seconds") }
        if let radius, !(radius >= 0 && radius.isFinite) { throw ValidationError("--radius must be 0 or more pixels, not \(radius)") }
        if radius != nil, selectionRect != nil { throw ValidationError("use either --radius or --selection-rect, not both") }
        _ = try scanArea()
    }

    /// The scan area these options describe.
    func scanArea() throws -> ScanArea {
        var margins = ScanArea.Margins.none
        if let text = self.margins {
            do { margins = try MarginsSpecification(parsing: text).margins } catch { throw ValidationError(error.message) }
        }
        var poi = ScanArea.PointOfInterest.center
        if let text = pointOfInterest {
            let parts = text.split(separator: ",").compactMap { Double(String($0).trimmed(" ")) }
            guard parts.count == 2, parts.allSatisfy({ (0...1).contains($0) }) else {
                throw ValidationError("--point-of-interest needs two fractions 0...1, e.g. 0.5,0.3")
            }
            poi = .fraction(x: parts[0], y: parts[1])
        }
        var selection = ScanArea.Selection.none
        if let radius { selection = .radius(radius) }
        if let text = selectionRect {
            guard let size = FrameSizeArgument(argument: text) else {
                throw ValidationError("--selection-rect needs WxH in pixels, e.g. 400x200")
            }
            selection = .rectangle(width: .pixels(Double(size.width)), height: .pixels(Double(size.height)))
        }
        do {
            return try ScanArea(margins: margins, pointOfInterest: poi, selection: selection)
        } catch {
            throw ValidationError(error.message)
        }
    }
}

extension String {
    func trimmed(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
