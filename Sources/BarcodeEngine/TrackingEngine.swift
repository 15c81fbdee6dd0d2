public import BarcodeTracking
public import BarcodeDecoding
import Synchronization

/// The library's default detector: follows tracked codes cheaply and searches
/// for new ones everywhere in the frame within a bounded number of frames.
///
/// Per frame, for each code tracked in the previous frame:
/// - decoded codes are re-located by correlating a template of their last
///   decoded appearance around their predicted position (a measurement from
///   this frame's pixels, translation only), and re-decoded in a small window
///   every ``TrackingEngineConfiguration/redecodeInterval`` frames (staggered),
///   on every frame while the session still waits to verify the code
///   (``BarcodeTracking/TrackedBarcode/awaitsVerification``), or whenever correlation
///   fails, which refreshes the template, rotation and size; of several reads with the
///   code's payload in the window, the one
///   nearest the prediction is taken (identical labels side by side); a slanted 2-D
///   code the window misses is read upright too (its predicted quad resampled to a
///   square, see ``RectifiedCode``) on its due frames, and first while it keeps
///   reading only upright: zxing-cpp 1.4 misses most 2-D codes seen at a slant; a 1-D
///   code the window misses is read in its rows across the view (``rowBand(around:in:)``),
///   where zxing-cpp thresholds its rows as in the whole frame; an EAN-2/EAN-5 add-on
///   (a track of its own) is re-located likewise, and re-read with its EAN/UPC code, by
///   that code's window reader (zxing-cpp reads an add-on only after its code);
/// - located-only codes are re-read in a window;
/// - a code that neither correlates nor decodes there although it was measured in the
///   previous frame and is predicted inside the view (a 1-D code: mostly inside) is read,
///   for its own symbology, in a window three times its size (a 1-D code: in that window's
///   rows across the view) at once, and in every frame after while it stays lost, for
///   ``TrackingEngineConfiguration/reacquisitionTime``;
/// - a code lost (predicted only) and predicted out of view is not followed (a 1-D code:
///   less than ``linearShareInView`` of it in view) until it is predicted back in view or a
///   search finds it.
///
/// New codes:
/// - the whole frame, read as decoding every frame reads it (only tracked 1-D codes
///   painted out), every
///   ``TrackingEngineConfiguration/wholeFrameInterval`` frames whatever is tracked
///   (every ``TrackingEngineConfiguration/relaxedWholeFrameInterval`` frames while the view
///   is steady: no new code for a while, and the codes tracked moving less than
///   ``TrackingEngineConfiguration/steadyViewSpeed``),
///   and every ``TrackingEngineConfiguration/idleWholeFrameInterval`` frames while
///   nothing is: the bound on how long any readable code,
///   of any size up to one filling the frame, waits to be found; every
///   ``TrackingEngineConfiguration/fullResolutionWholeFrameInterval``-th of these at full
///   resolution, the others on the frame reduced by
///   ``TrackingEngineConfiguration/reducedWholeFrameFactor`` (large codes, for a quarter of
///   the cost), with the frame's regions, strip and tile below at full resolution (every
///   one at full resolution while codes are tracked but none measured:
///   ``TrackingEngineConfiguration/lostWholeFrameAtFullResolution``);
/// - in between, with the codes already tracked painted out (their quads, not their
///   boxes, so identical neighbours a few pixels away stay visible), code-like
///   regions: a cheap map of edge density (16-pixel cells)
///   names where codes probably are; up to
///   ``TrackingEngineConfiguration/candidateRegionsPerFrame`` of them that no track
///   covers are read at full resolution, a region that found nothing waiting
///   longer each time before it is read again (unless it grew, or it lies at the
///   frame's edge, where codes slide into view);
/// - while 1-D codes are being seen (one measured within
///   ``TrackingEngineConfiguration/linearRowsTime``), the 1-D symbologies over the whole
///   frame on every frame not searched whole at full resolution: the rows decoding every
///   frame reads for them, so a 1-D code is found in the first frame that reads it;
/// - and 1-D symbologies in a horizontal strip that moves through the frame, 2-D
///   ones in one tile of a 3 × 2 grid (shifted by half a tile every other cycle),
///   at the eager or relaxed rate of a schedule that stays eager while new codes
///   keep arriving (zxing-cpp 1.4's Data Matrix and Aztec detectors find small
///   symbols in a tile or region that they miss in a busy full frame);
/// - and, every other frame, the outline of one whole 2-D symbol nobody tracks (a group of
///   code-like cells) read upright when it is slanted
///   (``TrackingEngineConfiguration/readsSlantedOutlinesUpright``).
///
/// With ``ReadIsolation`` on for some symbologies only (`track`'s default isolates
/// PDF417), the regions, strips, tiles and re-acquisition windows are read in this
/// process without those symbologies, which are left to the whole-frame search, the
/// windows of tracked codes and, on frames not searched whole at full size, one read of
/// the frame's widest code-like region (for its height: PDF417 symbols are wide) in a reader
/// process: an isolated read of a small region costs more in its round trip to the reader
/// process than the read itself. A search that does read in a reader
/// process (the whole frame's) is sent before the frame's other jobs start and its answer
/// taken after them, so that both cores work while the reader process reads. On files, where
/// the pipeline names the next frame before this one is detected (``prepare(next:)``), the
/// next frame's whole-frame search is sent at the start of this frame's detection when it will
/// be due one (``TrackingEngineConfiguration/readsWholeFrameAhead``; an empty view counts as
/// staying empty once it was empty at the frame before too): its reader process then reads
/// across two frames' other jobs; and the next frame's code-likeness map is made among this
/// frame's jobs. The detections stay the same. With a live source's
/// ``TrackingEngineConfiguration/lateReadTime`` a frame never waits longer for such a read:
/// one still reading is carried over, and the first later frame that finds its answer in
/// reads the codes it found again around where they were (see ``LateRead``).
///
/// A code that neither correlates nor decodes is not reported, and the tracker
/// marks it predicted-only.
///
/// Work within a frame runs on all cores (``TrackingEngineConfiguration/usesAllCores``);
/// the call itself returns on the caller's thread. Use one instance per
/// pipeline, called from one thread (the frame-processing queue) at a time: it
/// keeps per-track state between frames.
public final class TrackingEngine: TrackingAwareDetector, Sendable {
    /// The settings.
    public let configuration: TrackingEngineConfiguration
    let full: BarcodeReader
    /// Every symbology but those read in reader processes (``BarcodeReader/inProcessPart(of:)``):
    /// code-like regions and re-acquisition windows.
    let regionReader: BarcodeReader
    /// The symbologies ``regionReader`` leaves to reader processes (`track`: PDF417), for the
    /// frame's wide code-like regions (``isolatedRegions(among:frame:)``); `nil` when it leaves none.
    let isolatedRegionReader: BarcodeReader?
    /// 1-D strips and 2-D tiles and regions, in this process likewise.
    let linearDiscovery: BarcodeReader?
    let matrixDiscovery: BarcodeReader?
    let windowReaders: [Symbology: BarcodeReader]
    /// Per 1-D symbology: reads of a row band across the view (``TrackingEngine/rowBand(around:in:)``),
    /// up to 4 symbols (the band can hold neighbours of the same symbology).
    let bandReaders: [Symbology: BarcodeReader]
    let locatedOnlyReader: BarcodeReader
    /// The thorough read of a still view (``TrackingEngineConfiguration/readsStandingViewsHarder``).
    let standingReader: BarcodeReader?
    /// The EAN/UPC reader of a fine retail code's enlarged close window (``checkingFineRetailRead(_:in:)``).
    let fineRetailReader: BarcodeReader?
    /// Where detection spends its time, when the creator asked (``EngineJobTimes``).
    public let jobTimes: EngineJobTimes?
    /// What the engine keeps between frames (``State``): a frame decides from it under the lock
    /// (``schedule(_:region:expected:)``) and writes back under it (``commit(_:of:)``).
    let state = Mutex(State())

    struct TrackMemory: Sendable {
        var template: CodeTemplate?
        /// The code's quad in the frame the template was taken from.
        var quadAtTemplate: Quadrilateral
        /// Whether the code's latest read was an upright one (its window had missed it):
        /// it is read upright first while it stays slanted.
        var readsUpright = false
        /// The step of ``TrackingEngine/uprightScales`` an upright read tries first
        /// (``readUpright(_:barcode:image:memory:warnings:)``).
        var uprightStep = 0
        /// The step whose upright read missed the code that the full size then read, the
        /// code's side (pixels) then, and the upright reads of it since.
        var uprightMissed: (step: Int, side: Int, reads: Int)?
        /// Due frames in a row whose re-decode missed the code, which correlation found
        /// instead (``follow(_:barcode:memory:due:image:bounds:warnings:addOns:)``).
        var dueReadsMissed = 0
        /// Whether the code's latest read was of its rows stretched (its window had missed it,
        /// ``readStretched(_:barcode:with:image:bounds:warnings:)``): a 1-D code too fine to read
        /// at the frame's size is read so whenever its window misses it.
        var readsStretched = false
    }

    /// Creates the engine's detector. `options` are those of a whole-frame read;
    /// discovery and window reads use the same symbologies. With `jobTimes`, every job of
    /// every frame is timed into it.
    public init(options: DecoderOptions = .video, configuration: TrackingEngineConfiguration = TrackingEngineConfiguration(),
                jobTimes: EngineJobTimes? = nil) throws(DecodingError) {
        try configuration.validate()
        self.configuration = configuration
        self.jobTimes = jobTimes
        full = try BarcodeReader(options: options)
        let wanted = BarcodeReader.readableSymbologies.filter { !$0.isAddOn && (options.symbologies.isEmpty || options.symbologies.contains($0)) }
        func reader(_ symbologies: [Symbology], _ change: (inout DecoderOptions) -> Void) throws(DecodingError) -> BarcodeReader? {
            guard !symbologies.isEmpty else { return nil }
            var o = options
            o.symbologies = Set(symbologies)
            change(&o)
            return try BarcodeReader(options: o)
        }
        regionReader = try full.inProcessPart(of: wanted)
        let inProcess = regionReader.options.symbologies
        isolatedRegionReader = inProcess.isEmpty ? nil : try reader(wanted.filter { !inProcess.contains($0) }, { _ in })
        func discovery(_ symbologies: [Symbology]) throws(DecodingError) -> BarcodeReader? {
            try reader(symbologies, { _ in })?.inProcessPart(of: symbologies)
        }
        linearDiscovery = try discovery(wanted.filter(\.isLinear))
        matrixDiscovery = try discovery(wanted.filter { !$0.isLinear })
        var windows: [Symbology: BarcodeReader] = [:]
        for symbology in wanted {
            windows[symbology] = try reader([symbology]) {
                // 2-D: room for identical neighbours in the window; 1-D symbols are read
                // one per call, so each extra one costs a pass.
                $0.maxSymbols = symbology.isLinear ? 1 : 4
                // An EAN/UPC code's window reads its add-on too (when the options do): a read
                // there is what measures the add-on's own track when correlation loses it.
                $0.readAddOns = options.readAddOns && symbology.carriesAddOns
                // tryDownscale stays as in `options`: a large code blurred by zoom or
                // motion reads only in zxing-cpp's downscaled pass (which it makes
                // only for windows of 1000 pixels or more; from 300 pixels the engine
                // halves a window itself when its full-size read misses, see
                // `windowReads`, which also reads a missed 1-D code in a close window
                // and in its rows across the view).
            }
        }
        windowReaders = windows
        var bands: [Symbology: BarcodeReader] = [:]
        for symbology in wanted where symbology.isLinear {
            bands[symbology] = try reader([symbology]) {
                $0.maxSymbols = 4
                $0.readAddOns = options.readAddOns && symbology.carriesAddOns
            }
        }
        bandReaders = bands
        fineRetailReader = try reader(wanted.filter { Self.retailSymbologies.contains($0) }) {
            $0.maxSymbols = 2
            $0.readAddOns = false
        }
        var located = options
        located.returnLocatedOnly = true
        located.tryDownscale = false
        located.maxSymbols = 4
        locatedOnlyReader = try BarcodeReader(options: located)
        var thorough = DecoderOptions.thorough
        (thorough.symbologies, thorough.readAddOns, thorough.code39FullASCII) = (options.symbologies, options.readAddOns, options.code39FullASCII)
        (thorough.zxingBinarizer, thorough.isolation) = (options.zxingBinarizer, options.isolation)
        standingReader = configuration.readsStandingViewsHarder ? try BarcodeReader(options: thorough) : nil
    }

    /// Whole-frame read, as ``BarcodeReader`` does (no tracking help).
    public func detect(in image: LumaImage, region: Rect?) throws -> [Detection] {
        try full.detect(in: image, region: region)
    }

    /// Whole-frame read with zxing-cpp's warnings.
    public func report(in image: LumaImage, region: Rect?) throws -> DetectionReport {
        try full.read(image, region: region)
    }

    enum Job: Sendable {
        /// A search for new codes with the codes already tracked painted out: 1-D in a strip,
        /// 2-D in a tile or region, every symbology in a code-like region nobody tracks, a
        /// re-acquisition window or the whole frame.
        /// `reducedBy` over 1: the rectangle reduced by that whole factor (large codes only);
        /// `purpose` says which search it is (``EngineJobTimes``).
        case search(Rect, known: [Quadrilateral], with: BarcodeReader, reducedBy: Int = 1, purpose: EngineJobTimes.Kind)
        /// A whole-frame search sent to a reader process a frame ahead (``prepare(next:)``).
        case sent(PendingSearch, purpose: EngineJobTimes.Kind)
        case follow(TrackedBarcode, TrackMemory?, due: Bool)
        case locatedOnly(TrackedBarcode)
        /// Outlines of undecodable codes (``TrackingEngineConfiguration/locatesUndecodedCodes``), decoded codes hidden.
        case outlines(Rect, hiding: [Quadrilateral])
        /// The Code 39 characters in view (``TrackingEngineConfiguration/readsLongCode39InSections``).
        case code39Section(Rect)
        /// The code-likeness map of the next frame's image (``prepare(next:)``), made beside
        /// this frame's other jobs instead of before the next frame's.
        case likenessMap(LumaImage)
        /// A symbol outline read upright (``uprightSearch(_:outline:with:)``).
        case uprightOutline(CodeLikenessMap.Outline, with: BarcodeReader)
        /// A code-like region read with its rows stretched, turned a quarter first when its bars
        /// run along the rows (``stretchedSearch(_:in:hiding:with:confirmed:turned:)``).
        case stretched(Rect, known: [Quadrilateral], with: BarcodeReader, turned: Bool)

        /// What the job is for, as ``EngineJobTimes`` counts it.
        var kind: EngineJobTimes.Kind {
            switch self {
            case .search(_, _, _, _, let purpose), .sent(_, let purpose): purpose
            case .follow: .follow
            case .locatedOnly: .locatedOnly
            case .outlines: .outlines
            case .code39Section: .code39Sections
            case .likenessMap: .likenessMap
            case .uprightOutline: .uprightOutlines
            case .stretched: .fineBars
            }
        }
    }

    /// One frame of the fast path; see the type's documentation.
    public func detect(in frame: Frame, region: Rect?, expected: [TrackedBarcode]) throws -> [Detection] {
        try report(in: frame, region: region, expected: expected).detections
    }

    /// ``detect(in:region:expected:)`` with zxing-cpp's warnings from every read of the frame.
    ///
    /// A frame is planned (what it searches and the jobs that do it, ``FramePlan``), read (the
    /// jobs run on all cores), merged (``MergedFrame``) and committed (what the next frames need,
    /// written into the state).
    public func report(in frame: Frame, region: Rect?, expected: [TrackedBarcode]) throws -> DetectionReport {
        guard let plan = try plan(frame, region: region, expected: expected) else { return DetectionReport() }
        let schedule = plan.schedule
        let outputs = try perform(
            plan.jobs, image: schedule.image, bounds: schedule.bounds, confirmed: schedule.confirmed,
            lateAfter: schedule.deadline)
        let merged = try merge(outputs, of: plan)
        commit(merged, of: plan)
        return DetectionReport(detections: merged.detections, warnings: merged.warnings)
    }

    /// What one job produced.
    struct JobOutput: Sendable {
        var detections: [Detection] = []
        var memory: TrackMemory?
        var warnings: [String] = []
        /// The Code 39 section seen on the most rows, and the rows (frame pixels) it was seen on.
        var section: (section: Code39Sections.Section, rows: ClosedRange<Int>)?
        /// The next frame's code-likeness map (``Job/likenessMap(_:)``).
        var map: CodeLikenessMap?
        /// A search not answered within the frame's time, carried over (``LateRead``).
        var late: PendingSearch?
        /// Codes a follow job read beside its own (``addOnReads(in:of:)``), checked like a search's.
        var found: [Detection] = []

        init(detections: [Detection] = [], memory: TrackMemory? = nil, warnings: [String] = [],
             section: (section: Code39Sections.Section, rows: ClosedRange<Int>)? = nil, map: CodeLikenessMap? = nil,
             late: PendingSearch? = nil, found: [Detection] = []) {
            self.found = found
            self.detections = detections
            self.memory = memory
            self.warnings = warnings
            self.section = section
            self.map = map
            self.late = late
        }

        init(_ report: DetectionReport) {
            self.init(detections: report.detections, warnings: report.warnings)
        }
    }

    func run(_ job: Job, image: LumaImage, bounds: Rect, confirmed: Set<ShortCode>) throws -> JobOutput {
        switch job {
        case .search(let rect, let known, let reader, let factor, let purpose):
            // The rows read finds nothing new on most frames: its scan rows are looked at first.
            if purpose == .linearRows, factor == 1, try !Self.linearRowsMayRead(image, in: rect, hiding: known, with: reader) {
                return JobOutput()
            }
            // Known codes would each cost another pass (1-D codes are read one per
            // call); hide them so the search only pays for new ones.
            return JobOutput(try Self.search(image, in: rect, hiding: known, with: reader, reducedBy: factor, confirmed: confirmed))
        case .sent(let search, _):
            return JobOutput(try search.finish())
        case .code39Section(let rect):
            return JobOutput(section: Self.code39Section(in: image, bounds: rect))
        case .likenessMap(let next):
            return JobOutput(map: CodeLikenessMap(next))
        case .uprightOutline(let outline, let reader):
            return JobOutput(try Self.uprightSearch(image, outline: outline, with: reader))
        case .stretched(let rect, let known, let reader, let turned):
            return JobOutput(try Self.stretchedSearch(image, in: rect, hiding: known, with: reader, confirmed: confirmed, turned: turned))
        case .outlines(let rect, let hidden):
            return JobOutput(detections: CodeOutlineMap(image, bounds: rect).outlines(in: rect, hiding: hidden).map {
                Detection(location: Quadrilateral($0))
            })
        case .locatedOnly(let track):
            guard let window = window(around: track.predictedLocation, in: bounds) else { return JobOutput() }
            return JobOutput(try locatedOnlyReader.read(image, region: window))
        case .follow(let track, let memory, let due):
            var warnings: [String] = [], addOns: [Detection] = []
            let (detection, updated) = try follow(track, barcode: track.barcode!, memory: memory, due: due, image: image, bounds: bounds,
                                                  warnings: &warnings, addOns: &addOns)
            return JobOutput(detections: detection.map { [$0] } ?? [], memory: updated, warnings: warnings, found: addOns)
        }
    }

    /// Re-locates or re-decodes one decoded track. Returns its measurement (if
    /// any) and what to remember about it.
    /// Reads of the code's add-on made with it go to `addOns` (``addOnReads(in:of:)``).
    private func follow(_ track: TrackedBarcode, barcode: Barcode, memory: TrackMemory?, due: Bool, image: LumaImage,
                        bounds: Rect, warnings: inout [String], addOns: inout [Detection]) throws -> (Detection?, TrackMemory?) {
        // A code the session still waits to verify (N-of-M reads) is read from this frame's
        // pixels on every frame, as on a due frame: a re-located copy of its payload is no reading.
        let pending = track.awaitsVerification
        let reads = due || pending
        if !reads || (barcode.symbology.isAddOn && !pending), let memory, let template = memory.template {
            if let measured = relocate(track, barcode: barcode, memory: memory, template: template, image: image) {
                var followed = Detection(barcode: measured)
                followed.isFreshRead = false
                return (followed, memory)
            }
        }
        // An add-on is read with the code it follows (zxing-cpp reads one only after its EAN/UPC
        // code), by that code's window reader; its own track is measured by the add-on's read.
        let readSymbology = barcode.symbology.isAddOn ? barcode.associatedCode?.symbology : barcode.symbology
        guard let readSymbology, !barcode.symbology.isAddOn || windowReaders[readSymbology]?.options.readAddOns == true else {
            return (nil, memory)
        }
        let prefersUpright = memory?.readsUpright == true
        if prefersUpright, let upright = try readUpright(track, barcode: barcode, image: image, memory: memory, warnings: &warnings) {
            return upright
        }
        // A 1-D code turned across the rows, which its window does not read as it is.
        if reads, readSymbology.isLinear, !barcode.symbology.isAddOn, Self.isTurned(track.predictedLocation),
           let reader = windowReaders[readSymbology],
           let turned = try readTurned(track, barcode: barcode, with: reader, image: image, bounds: bounds, warnings: &warnings) {
            return turned
        }
        // The window can hold a neighbouring label with the same payload: take the
        // read nearest the prediction.
        let predicted = track.predictedLocation.center
        var disagreeing: Detection?
        // An add-on, and a code that may carry one while it awaits verification, are read with
        // the add-on's place in the window (``withAddOnSpace(_:)``).
        let readsAddOn = readSymbology.carriesAddOns && windowReaders[readSymbology]?.options.readAddOns == true
            && (pending || barcode.symbology.isAddOn)
        let around = readsAddOn ? Self.withAddOnSpace(track.predictedLocation) : track.predictedLocation
        let read = try windowReaders[readSymbology].flatMap { reader in
            try window(around: around, in: bounds).map { window in
                try Self.windowReads(image, in: window, around: track.predictedLocation, with: reader,
                                     symbology: readSymbology, payload: barcode.bytes,
                                     across: bounds, bandReader: bandReaders[readSymbology])
            }
        }
        if let read {
            warnings += read.warnings
            if !barcode.symbology.isAddOn { addOns += Self.addOnReads(in: read.detections, of: barcode) }
            // An add-on's track takes add-on reads only; a code's track, no add-on reads (an
            // add-on shares its code's spot, and is no other reading of it).
            let reads = read.detections.compactMap(\.barcode).filter { $0.symbology.isAddOn == barcode.symbology.isAddOn }
            // Another payload on the code's own spot: one of the two readings is a misread.
            let other = reads.first {
                $0.bytes != barcode.bytes && $0.location.isSameCode(as: track.predictedLocation, partialRead: $0.symbology.readsPartialRows)
            }
            let own = reads.filter { $0.bytes == barcode.bytes }
                .min(by: { $0.location.center.distance(to: predicted) < $1.location.center.distance(to: predicted) })
            // Retail codes: the pixels decide between the two (``pixelsPrefer(_:to:in:)``). The
            // track's payload, read or preferred, is a fresh reading of it at the read's place; the
            // other payload preferred to the track's goes to the session as below.
            let verdict = other.flatMap { Self.pixelsPrefer(barcode, to: $0, in: image) }
            if let decoded = own ?? (verdict == true ? other : nil), verdict != false {
                var measured = barcode
                measured.location = decoded.location
                measured.orientation = decoded.orientation
                let template = CodeTemplate(image: image, box: decoded.location.boundingBox)
                return (Detection(barcode: measured), TrackMemory(template: template, quadAtTemplate: decoded.location))
            }
            // It goes to the session as a reading of its own (it never changes this track's
            // payload), where misread protection decides which one is established.
            disagreeing = other.map { Detection(barcode: $0) }
        }
        // A 1-D code too fine for its window, read with its rows stretched: on the frames it is read
        // on, and on every frame until it has a template (the frames after it was found).
        if disagreeing == nil, reads || memory?.template == nil, readSymbology.isLinear, !barcode.symbology.isAddOn,
           configuration.readsFineBarsStretched, memory?.readsStretched ?? true, let reader = windowReaders[readSymbology],
           let stretched = try readStretched(track, barcode: barcode, with: reader, image: image, bounds: bounds, warnings: &warnings) {
            return stretched
        }
        // Upright on the code's due frames only (or while it reads upright): where the
        // window misses a code for blur, not slant, each try costs a read in vain.
        if disagreeing == nil, reads, !prefersUpright,
           let upright = try readUpright(track, barcode: barcode, image: image, memory: memory, warnings: &warnings) {
            return upright
        }
        // A due frame's re-decode that missed (blur, glare, a frame zxing-cpp cannot read): the
        // code is found by correlation as on the frames between. Once in a row: a code whose
        // re-decodes miss on two due frames running is no longer followed on its template alone
        // (second set of photo clips: 98.95 → 99.42% of the baseline's reads on average; the
        // synthetic scenes' coverage up to 1.9 points higher, nowhere lower).
        if disagreeing == nil, due, !barcode.symbology.isAddOn, var memory, let template = memory.template,
           memory.dueReadsMissed < Self.dueReadsMissedFollowed,
           let measured = relocate(track, barcode: barcode, memory: memory, template: template, image: image) {
            memory.dueReadsMissed += 1
            var followed = Detection(barcode: measured)
            followed.isFreshRead = false
            return (followed, memory)
        }
        // A pending code's read that missed on a frame it would not have been read on: followed
        // by correlation as it would have been.
        if disagreeing == nil, pending, !due || barcode.symbology.isAddOn, let memory, let template = memory.template,
           let measured = relocate(track, barcode: barcode, memory: memory, template: template, image: image) {
            var followed = Detection(barcode: measured)
            followed.isFreshRead = false
            return (followed, memory)
        }
        if memory?.template == nil {
            // Nothing to correlate with yet (an add-on, or a decode that failed): take
            // the template where the tracker expects the code; it is checked next frame.
            let template = CodeTemplate(image: image, box: track.predictedLocation.boundingBox)
            return (disagreeing, TrackMemory(template: template, quadAtTemplate: track.predictedLocation))
        }
        return (disagreeing, memory)
    }

    /// Due frames in a row whose missed re-decode correlation may stand in for
    /// (``TrackMemory/dueReadsMissed``).
    static let dueReadsMissedFollowed = 1

    /// Slant (see `Quadrilateral.slant`) from which a 2-D code its window did not read is
    /// read upright too: below it the code is a rotated rectangle, which zxing-cpp reads as
    /// it is, and a missed read is blur or size, which resampling does not mend.
    static let uprightSlant = 0.1

    /// The sizes an upright read makes a code's square at, as shares of its own size
    /// (``readUpright(_:barcode:image:memory:warnings:)``).
    static let uprightScales = [1, 0.7, 0.5, 0.35, 0.25]

    /// The smallest side (pixels) of a reduced upright square.
    static let smallestReducedUpright = 64

    /// Upright reads after which a step that missed a code is tried again (one blurred
    /// frame does not keep a code at full size for good).
    static let uprightMissRemembered = 8

    /// A 2-D code its window did not read, read again upright: its predicted quad grown by
    /// a quarter on each side (the quad can be some frames old) resampled to a square (see
    /// ``RectifiedCode``), the read mapped back to frame pixels.
    ///
    /// Resampling is most of an upright read's cost (two slanted Aztec codes about 250 pixels
    /// wide: 1.8-2.2 ms each on their due frames, zxing-cpp's read of the square 0.3-1.2 ms,
    /// on the 2-vCPU Xeon VM), and a code's modules are mostly several pixels wide, so each
    /// tracked code learns the smallest square that reads it: a read at one of
    /// ``uprightScales`` of its size tries the next smaller one next time, while the square
    /// keeps ``smallestReducedUpright`` pixels; a reduced read that misses is made again at
    /// full size at once (what decides the frame's result is the full-size read, as before),
    /// and the code is read one step larger from then on, not again at the step that missed
    /// for ``uprightMissRemembered`` reads and while it stays within a quarter of its size then.
    func readUpright(_ track: TrackedBarcode, barcode: Barcode, image: LumaImage, memory: TrackMemory?,
                     warnings: inout [String]) throws -> (Detection?, TrackMemory?)? {
        let quad = track.predictedLocation
        guard !barcode.symbology.readsPartialRows, quad.slant >= Self.uprightSlant,
              let reader = windowReaders[barcode.symbology] else { return nil }
        let side = RectifiedCode.side(of: quad)
        // A miss at a step counts while the code stays within a quarter of its size then.
        let missed = memory?.uprightMissed.flatMap {
            4 * side < 5 * $0.side && 4 * $0.side < 5 * side && $0.reads < Self.uprightMissRemembered ? $0 : nil
        }
        // Always below a step that missed and still counts: a miss steps back, and no read
        // steps on to it.
        let first = memory?.uprightStep ?? 0
        let steps = first > 0 ? [first, 0] : [0]
        for step in steps {
            let largest = step == 0 ? side : Int(Double(side) * Self.uprightScales[step])
            guard let upright = RectifiedCode(image, around: quad, largest: largest) else { continue }
            let read = try reader.read(upright.image, region: nil)
            warnings += read.warnings
            // Only the code in the middle (within a quarter of the quad's side, a sixth of the
            // image), not a neighbour with the same payload in the border.
            let middle = Point(x: Double(upright.image.width) / 2, y: Double(upright.image.height) / 2)
            guard let found = read.detections.compactMap(\.barcode)
                .filter({ $0.bytes == barcode.bytes && $0.location.center.distance(to: middle) < Double(upright.image.width) / 6 })
                .min(by: { $0.location.center.distance(to: middle) < $1.location.center.distance(to: middle) }) else { continue }
            var measured = barcode
            measured.location = upright.inFrame(found.location)
            let template = CodeTemplate(image: image, box: measured.location.boundingBox)
            var remembered = TrackMemory(template: template, quadAtTemplate: measured.location, readsUpright: true)
            if step == 0, first > 0 {
                // The reduced read missed: one step larger from now on.
                remembered.uprightMissed = (first, side, 0)
                remembered.uprightStep = first - 1
            } else {
                remembered.uprightMissed = missed.map { ($0.step, $0.side, $0.reads + 1) }
                let next = step + 1
                let fits = next < Self.uprightScales.count && next < (missed?.step ?? Self.uprightScales.count)
                    && Double(side) * Self.uprightScales[next] >= Double(Self.smallestReducedUpright)
                remembered.uprightStep = fits ? next : step
            }
            return (Detection(barcode: measured), remembered)
        }
        return nil
    }

    /// The code found again by correlation: at the scale the tracker predicts (its
    /// predicted quad's size over the template's), and when that is not good enough,
    /// 8% smaller and larger (zoom the prediction has not caught up with: the photo
    /// zoom scene), each within the search radius of the prediction; `nil` when no
    /// placement reaches ``TrackingEngineConfiguration/minimumCorrelation``. The
    /// location is the template's quad scaled and moved onto the match: a measurement
    /// from this frame's pixels, never the prediction itself.
    private func relocate(_ track: TrackedBarcode, barcode: Barcode, memory: TrackMemory, template: CodeTemplate,
                          image: LumaImage) -> Barcode? {
        let then = memory.quadAtTemplate, predicted = track.predictedLocation
        let ratio = then.area > 0 ? (predicted.area / then.area).squareRoot() : 1
        // Within 3% of the template's size: scale 1, the cheapest placement.
        let expected = !ratio.isFinite || abs(ratio - 1) < 0.03 ? 1 : min(2, max(0.5, ratio))
        var best: (match: (origin: Point, score: Float), scale: Double)?
        for scale in [expected, expected * 0.92, expected * 1.08] {
            // Where the template's origin lands when the code, scaled about its centre, sits at the prediction.
            let origin = predicted.center + (template.origin - then.center) * scale
            // A climb from the prediction that reaches the minimum is taken without the
            // window-wide lattice search (CPU of following -8% over the bench, every
            // accuracy figure the same).
            if let match = template.locate(in: image, around: origin, radius: configuration.searchRadius, scale: scale,
                                           accept: configuration.minimumCorrelation,
                                           along: barcode.symbology.isLinear ? Self.barDirection(of: then) : nil),
               match.score > best?.match.score ?? -2, Self.isWithinSearch(match.origin, of: origin, radius: configuration.searchRadius) {
                best = (match, scale)
            }
            if let best, best.match.score >= configuration.minimumCorrelation { break }
        }
        guard let best, best.match.score >= configuration.minimumCorrelation,
              let quad = Quadrilateral(then.corners.map { best.match.origin + ($0 - template.origin) * best.scale }) else { return nil }
        var measured = barcode
        measured.location = quad
        return measured
    }

    /// The direction of a 1-D code's bars in `quad` (its left side, top-left to bottom-left
    /// corner) as a step of whole pixels, -1, 0 or 1 on each axis (one of 8 directions);
    /// `nil` for a quad without a left side.
    static func barDirection(of quad: Quadrilateral) -> (dx: Int, dy: Int)? {
        let side = quad.corners[3] - quad.corners[0]
        let longer = max(abs(side.x), abs(side.y))
        guard longer > 0 else { return nil }
        return (Int((side.x / longer).rounded()), Int((side.y / longer).rounded()))
    }

    /// Whether a correlation peak at `found` lies inside the search around `expected`
    /// (template origins, frame pixels): closer than `radius` on both axes. A peak at
    /// the window's edge or past it (the refinement climbs up to 3 pixels beyond the
    /// outermost lattice ring) is still climbing towards a better place outside the
    /// window: the view jumped further than the search reaches, and the template is
    /// scoring on part of the code and its surroundings (seen: 0.83 at 27 pixels, with
    /// the code 78 pixels away). Such a peak is no measurement; the code is read in
    /// its window instead.
    static func isWithinSearch(_ found: Point, of expected: Point, radius: Int) -> Bool {
        let reach = Double(radius)
        return abs(found.x - expected.x.rounded()) < reach && abs(found.y - expected.y.rounded()) < reach
    }

    /// The predicted box grown by the margin and the search radius, clipped to `bounds`.
    func window(around quad: Quadrilateral, in bounds: Rect) -> Rect? {
        let box = quad.boundingBox
        let pad = max(box.width, box.height) * configuration.windowMargin + Double(configuration.searchRadius)
        let grown = Rect(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad)
        guard let clipped = grown.intersection(bounds), clipped.width >= 8, clipped.height >= 8 else { return nil }
        return clipped
    }
}

/// Results of the jobs of one frame, filled from several threads.
///
/// Each job writes only its own slot, once, and ``collect()`` runs after
/// `DispatchQueue.concurrentPerform` has returned, which orders every write before
/// it: no lock is needed (and a `Mutex` here was invisible to ThreadSanitizer,
/// whose reports of it were false alarms).
final class JobOutputs: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<TrackingEngine.JobOutput, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// Stores job `index`'s result; call once per index, from the job itself.
    func store(_ index: Int, _ result: Result<TrackingEngine.JobOutput, any Error>) {
        slots[index] = result
    }

    /// Every job's output in order, once all jobs have run; rethrows the first failure.
    func collect() throws -> [TrackingEngine.JobOutput] {
        try slots.map { try $0!.get() }
    }
}
