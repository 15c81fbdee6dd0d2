public import BarcodeDecoding

/// Settings of ``TrackingEngine``, the engine's fast path. Frames and pixels
/// are frame pixels of the processed frames.
public struct TrackingEngineConfiguration: Sendable, Hashable {
    /// Search one tile of the frame (a sixth, see ``TrackingEngine``) for new 2-D
    /// codes every this many frames (1 = every frame); while nothing is tracked,
    /// the whole frame as well. 1-D codes are searched in one of ``linearStrips``
    /// horizontal strips in turn (zxing-cpp's fast 1-D scan only reads rows near
    /// the middle of what it is given, so moving the strip covers the whole
    /// frame). Default 1.
    public var discoveryInterval = 1
    /// Number of strip positions the 1-D search cycles through. Default 5.
    public var linearStrips = 5
    /// While codes are tracked, search a 1-D strip every this many frames
    /// (every frame while nothing is tracked). Default 2.
    public var linearDiscoveryInterval = 2
    /// While the codes in view are all known (no search after the first frame has
    /// found a new one for ``discoveryBackoffFrames`` frames), search a 1-D strip
    /// every this many frames instead. Default 3.
    public var relaxedLinearDiscoveryInterval = 3
    /// Likewise for the 2-D tiles. Default 2.
    public var relaxedDiscoveryInterval = 2
    /// How long (frames) discovery stays eager after a new code was found.
    /// Default 60 (2 s at 30 fps).
    public var discoveryBackoffFrames = 60
    /// For this long (seconds of frame time) after a 1-D code was last measured, every frame
    /// without a full-resolution whole-frame search also reads the 1-D symbologies over the
    /// whole frame, tracked codes painted out: zxing-cpp's fast 1-D scan then reads the rows
    /// that decoding every frame reads (15 rows a thirty-second of the frame's height apart,
    /// about the middle half), so a 1-D code turning readable there (out of motion blur, or
    /// sliding into the band) is found in that frame, not when the strip or the next
    /// whole-frame search gets to it. Only those rows are made and read first (painted, and
    /// halved for zxing-cpp's half-size pass); the frame is copied, painted and read whole
    /// only when one of them decodes: 0.5-1.2 ms of job time per 1080p frame on the synthetic
    /// 12-code scenes (2.2-3.5 ms when the whole frame was made every time). While no 1-D code
    /// has been seen for this long (or none yet), the rows are read only on frames where one
    /// of them runs through three 16-pixel cells side by side, each with at least the faint
    /// share of strong edges that outlines a symbol, twice as many of them across as down (as
    /// bars have), that nobody tracks: a 1-D code coming into view is read in the same rows
    /// as decoding every frame reads it, while a view of 2-D codes seldom pays for the rows
    /// (0.01-0.02 ms of job time a frame on the real clips). 0 turns the rows off. Default 10.
    public var linearRowsTime = 10.0
    /// Search the whole frame for new codes (1-D and 2-D, tracked codes hidden)
    /// at least every this many frames, whatever is tracked: the bound on how long
    /// a readable code anywhere in view, of any size up to one filling the frame,
    /// waits to be found (a code that left and came back, one that grew readable as
    /// the camera zoomed in). Frames in between search a strip and a tile. 1
    /// searches every frame whole (as decoding every frame does, plus the strips
    /// and tiles); larger values trade first-decode delay for speed. Default 3.
    public var wholeFrameInterval = 3
    /// While the view is steady, search the whole frame every this many frames instead of
    /// every ``wholeFrameInterval``: no search has found a new code for
    /// ``discoveryBackoffFrames`` frames, and the codes tracked move less than
    /// ``steadyViewSpeed`` (a hand-held camera held on what it has found; a pan or a conveyor
    /// bringing new codes in is not steady); never more often than ``wholeFrameInterval``.
    /// Default 6: a steady view brings no new codes, so searching it less often saves CPU
    /// without losing reads, while a camera moving onto new labels stays eager
    /// (Benchmarks/LEVERS.md has the measurement).
    public var relaxedWholeFrameInterval = 6
    /// The speed under which a view counts as steady (``relaxedWholeFrameInterval``): the
    /// median motion of the codes tracked, as the tracker predicts it for the frame, in
    /// fractions of the frame's shorter side per frame. Default 0.005 (2.9 pixels a frame at
    /// 1024 × 576, 5.4 at 1920 × 1080); at 0.01 the pallet pan photo scene, panning at about
    /// 0.6% a frame, lost 2 of the baseline's 59 reads of a code sliding into view.
    public var steadyViewSpeed = 0.005
    /// While nothing is tracked, search the whole frame every this many frames (the
    /// code-like regions of ``candidateRegionsPerFrame`` are read with every symbology on
    /// the frames in between). Default 1: every frame, as decoding every frame does, so a
    /// code coming into an empty view is read in its first readable frame, and an empty
    /// view costs as much as decoding every frame. 2 halves that cost, and a code that no
    /// region search reads waits up to one frame more (`track --effort fast`). With
    /// ``frameTimeBudget`` set, frames whose spare time pays for it are searched whole anyway.
    public var idleWholeFrameInterval = 1
    /// While codes are tracked but none was measured in the previous frame (a whip pan or a
    /// blur lost them all; they are predicted only), search the whole frame every this many
    /// frames, if that is more often than the tracked schedule (``wholeFrameInterval``),
    /// each at full resolution (``lostWholeFrameAtFullResolution``):
    /// every code in view is then to be found again, and the tracks' predictions hold none of
    /// them. Default 1, as an empty view: on the photo clips (`Benchmarks/photo-clips`) this
    /// recovers reads after whip pans and zooms, at the price of speed where views are often
    /// lost; 2 gives back a little speed for noticeably fewer reads (Benchmarks/LEVERS.md).
    public var lostWholeFrameInterval = 1
    /// Of the whole-frame searches (``wholeFrameInterval``, ``idleWholeFrameInterval``),
    /// every this many-th one reads the frame at full resolution; the others read it
    /// reduced by ``reducedWholeFrameFactor`` in both directions, which finds codes
    /// large enough to read so (modules of about 2 pixels or more once reduced, 4 in the frame) for about a quarter of
    /// the cost, on top of the frame's code-like regions, strip and tile at full
    /// resolution. The bound for the smallest readable codes is then this many whole-frame
    /// searches. 1: every whole-frame search at full resolution. Default 2.
    public var fullResolutionWholeFrameInterval = 2
    /// While codes are tracked but none was measured in the previous frame (see
    /// ``lostWholeFrameInterval``), whether every whole-frame search reads the frame at full
    /// resolution instead of every ``fullResolutionWholeFrameInterval``-th one: the codes
    /// just lost are still in view at the sizes they had, and a reduced search misses those
    /// whose modules it halves below readability (1-D codes first). Default true: on the
    /// photo clips (`Benchmarks/photo-clips`) it raises the coverage of the baseline's reads
    /// with no more ID switches; the price is speed where views are often lost (see
    /// Benchmarks/LEVERS.md and docs/performance.md).
    /// `track --effort fast` turns it off.
    public var lostWholeFrameAtFullResolution = true
    /// The whole factor by which whole-frame searches between full-resolution ones
    /// (``fullResolutionWholeFrameInterval``) reduce the frame (box average), for frames whose
    /// shorter side is at least 240 pixels times this. 1 turns reduction off. Default 2.
    public var reducedWholeFrameFactor = 2
    /// When the pipeline names the next frame (``TrackingEngine/prepare(next:)``: files, not
    /// live cameras) and the whole-frame reader reads in reader processes (`track`'s default
    /// isolation of PDF417), send that frame's whole-frame search, if it is due one, at the
    /// start of this frame's detection: the reader process reads while this frame's and the
    /// next frame's other jobs run. The same detections either way. Off while a
    /// ``frameTimeBudget`` or ``lateReadTime`` is set (a live source's next frame is not
    /// known). Default true.
    public var readsWholeFrameAhead = true
    /// How long (seconds of frame time) the engine keeps looking for a code that following
    /// lost, beyond the ``wholeFrameInterval`` schedule. Following loses a code in a whip
    /// pan, a zoom or motion blur: a code measured in at least 3 frames and predicted wholly
    /// inside the view that neither correlation nor its window read finds. It is then read,
    /// for its own symbology, in a window three times its size around its prediction (a
    /// 1-D code in that window's rows across the view) at once, in the same frame
    /// after the frame's other work, and in every later frame while it stays lost and
    /// predicted inside the view, up to this long since it was last measured (at most 4
    /// such windows a frame): a blurred code reads in some frames and not in others, and
    /// the next readable frame is then less often missed. What the windows read goes to the
    /// tracker like any discovery, which keeps the code's id when it is found near its
    /// prediction. 0 turns it off. Default 0.5.
    public var reacquisitionTime = 0.5
    /// The time (seconds) a frame's detection may take, for live sources: set it to
    /// about three quarters of the frame interval, and the engine also searches the
    /// whole frame on every frame while its measured cost of doing so (the whole
    /// detection of such a frame, a running average) fits, falling back to the
    /// ``wholeFrameInterval`` schedule when it does not. `nil` (the default): the
    /// schedule alone, the same frame by frame whatever the machine's speed (files,
    /// benchmarks). `track` sets it for cameras and `--realtime`.
    public var frameTimeBudget: Double? = nil
    /// The time (seconds from the start of a frame's detection) past which a frame does not
    /// wait for a read in a reader process (the whole-frame search and the isolated region
    /// read, with `track`'s default isolation of PDF417): one still reading then is carried
    /// over to later frames, which take its answer when it has come and read each code it
    /// found that no track covers again, around where it was, in their own pixels (see
    /// ``TrackingEngine``); no whole-frame search is made while one is carried. `nil` (the
    /// default): every frame waits for its reads (files, benchmarks). `track` sets it for
    /// cameras and `--realtime` to 0.9 of the frame interval, so that a frame is delivered
    /// within the interval whatever zxing-cpp does (its PDF417 reader takes half a second
    /// over some 720p frames).
    public var lateReadTime: Double? = nil
    /// Search at most this many code-like regions per frame (places where a cheap
    /// map of edge density says a code probably is and no tracked code is; see
    /// ``TrackingEngine``) at full resolution, 1-D and 2-D. 0 turns it off. Default 8
    /// (within ``candidateAreaBudget``): more regions a frame read more of the codes that
    /// the whole-frame search misses or reads late, for a small share of the frame rate
    /// (measured against 4 on the photo clips: Benchmarks/LEVERS.md).
    public var candidateRegionsPerFrame = 8
    /// At most this share (0...1) of the frame's area is searched as candidate
    /// regions per frame (one larger region may take up to twice it). Default 0.25.
    public var candidateAreaBudget = 0.25
    /// A candidate region searched without finding a new code is searched again
    /// after this many frames at the earliest, twice as long after each further
    /// search that finds nothing (up to 8 times as long). Default 4.
    public var candidateRetryFrames = 4
    /// Frames at the start that get the whole-frame search too (as every frame
    /// does while nothing is tracked). Default 0: the first frame gets the
    /// whole-frame search only because nothing is tracked yet.
    public var warmUpFrames = 0
    /// Spread per-code work and discovery over the machine's cores. Default true.
    public var usesAllCores = true
    /// Re-decode each tracked code in a window around its prediction at least
    /// every this many frames (staggered across codes); in between it is
    /// re-located by correlation. 1 re-decodes every frame. Default 6.
    public var redecodeInterval = 6
    /// Also look for whole 2-D symbols that no track covers (groups of code-like cells) and read
    /// one upright every other frame when its dark print makes a slanted, squarish quad
    /// (``RegionOutline``): the quad resampled to a square and read for 2-D symbologies, the
    /// read kept when its symbol fills the square. zxing-cpp 1.4 reads few 2-D symbols seen at
    /// a slant, and otherwise only a code already decoded (tracked) is read upright: on the
    /// Aztec clip, the two symbols were first decoded 104 frames on average (156 at most)
    /// after zxing-cpp 3.1 first read them, 39 (52) with this. Default true.
    public var readsSlantedOutlinesUpright = true
    /// Also read 1-D codes whose modules are too fine for zxing-cpp at the frame's size (about
    /// 2 pixels, edges at a half-pixel phase): on each frame of a fixed camera's view searched where
    /// it changed (``searchesWhereViewChanged``), one code-like region that no track
    /// covers and whose edges run across (upright bars), of at most 1/16 of the frame, is read
    /// with its rows stretched 5 times along x, waiting longer after each read in vain; a code
    /// found so is read the same way whenever its window read misses it. Default true.
    public var readsFineBarsStretched = true
    /// Also report codes that are located but cannot be decoded (blurred, too small
    /// or too far away) as located-only detections: outlines (axis-aligned boxes in
    /// frame pixels, on a 16-pixel grid) of places whose texture alternates like bars
    /// or modules, away from every decoded code. The tracker follows them, and a code
    /// keeps its id when it becomes readable. Default false: the outline is coarse,
    /// and dense print that is not a code (a halftone, a grille) can be outlined too.
    public var locatesUndecodedCodes = false
    /// Read a still view harder while codes are in it (a pallet standing at a fixed camera, a
    /// phone held over a label): once the view has been still for
    /// ``TrackingEngine/standingReadDelays`` seconds, the frame is read thoroughly (every
    /// orientation, inverted, downscaled), then the mean of its still frames (less sensor
    /// noise), each once per still spell, in the background; what they read joins the frame's
    /// detections while the view stays still. Default true: a moving view never pays for it.
    public var readsStandingViewsHarder = true
    /// Rest while nothing is tracked and the view is still (an empty dock or belt at a fixed
    /// camera): the first still frame is searched as usual, then only one frame every
    /// ``stillSweepInterval`` seconds until something in the view changes; the others cost the
    /// stillness measure alone. Default true: a moving or hand-held view never rests.
    public var restsWhileStill = true
    /// Seconds between the searches of a still view with nothing tracked (``restsWhileStill``):
    /// the longest a code that appears without changing the view's blocks (printed onto a
    /// label already in view, say) waits. 0.05...60, default 1.
    public var stillSweepInterval = 1.0
    /// Search for new codes only where a fixed camera's view changed since it was last searched
    /// (``ChangeMap``): the whole-frame searches of the schedule read the boxes around changed
    /// blocks instead, in their code-like parts outside tracked codes (2-D symbologies in the
    /// parts, 1-D ones in the parts' rows across the frame; a carton moving changes the view all
    /// over its plain sides), the 1-D rows keep within those rows and the strip and tile within
    /// the parts; a whole-frame search every ``changeSweepInterval`` seconds reads the rest. A view of which more than
    /// 30% changed since its last search (a hand-held or panning camera) keeps the usual
    /// schedule. Default true: a station's camera then costs what changes in its view.
    public var searchesWhereViewChanged = true
    /// Seconds between the whole-frame searches of a fixed camera's view searched where it
    /// changed (``searchesWhereViewChanged``): the longest a code that appears without changing
    /// the view's 8 × 8-pixel block means (one coming into focus) waits. 0.1...60, default 2.
    public var changeSweepInterval = 2.0
    /// Read Code 39 labels too long for the view in sections as the camera pans along
    /// them: the whole characters visible on rows across the frame are stitched by their
    /// overlap (``Code39Stitcher``); once the start and the stop character have both
    /// been joined in, the full payload is a detection located on the section in view,
    /// in that frame and in every later one whose section is part of it (fresh readings
    /// that agree with it, so misread protection can verify it; the session counts the
    /// code once). Needs Code 39 among the symbologies. Default false.
    public var readsLongCode39InSections = false
    /// How far (pixels) around the predicted position correlation searches. Default 24.
    public var searchRadius = 24
    /// Correlation (0...1) a re-location must reach to count as a measurement. Default 0.8.
    public var minimumCorrelation: Float = 0.8
    /// Margin around a code's predicted box for window decodes, as a fraction of its size. Default 0.25.
    public var windowMargin = 0.25

    /// The defaults documented on each property.
    public init() {}

    /// Checks the values, naming the first bad one.
    public func validate() throws(DecodingError) {
        func check(_ ok: Bool, _ message: String) throws(DecodingError) {
            if !ok { throw DecodingError(.invalidArgument, message) }
        }
        try check((1...1000).contains(discoveryInterval), "discoveryInterval must be 1...1000, not \(discoveryInterval)")
        try check((1...1000).contains(wholeFrameInterval), "wholeFrameInterval must be 1...1000, not \(wholeFrameInterval)")
        try check(linearRowsTime.isFinite && (0...3600).contains(linearRowsTime),
                  "linearRowsTime must be 0...3600 seconds, not \(linearRowsTime)")
        try check(reacquisitionTime.isFinite && (0...60).contains(reacquisitionTime),
                  "reacquisitionTime must be 0...60 seconds, not \(reacquisitionTime)")
        try check((1...1000).contains(relaxedWholeFrameInterval), "relaxedWholeFrameInterval must be 1...1000, not \(relaxedWholeFrameInterval)")
        try check(steadyViewSpeed.isFinite && (0...1).contains(steadyViewSpeed), "steadyViewSpeed must be 0...1, not \(steadyViewSpeed)")
        try check(stillSweepInterval.isFinite && stillSweepInterval >= 0.05 && stillSweepInterval <= 60,
                  "stillSweepInterval must be 0.05...60 seconds, not \(stillSweepInterval)")
        try check(changeSweepInterval.isFinite && changeSweepInterval >= 0.1 && changeSweepInterval <= 60,
                  "changeSweepInterval must be 0.1...60 seconds, not \(changeSweepInterval)")
        try check((1...1000).contains(idleWholeFrameInterval), "idleWholeFrameInterval must be 1...1000, not \(idleWholeFrameInterval)")
        try check((1...1000).contains(lostWholeFrameInterval), "lostWholeFrameInterval must be 1...1000, not \(lostWholeFrameInterval)")
        try check((1...1000).contains(fullResolutionWholeFrameInterval),
                  "fullResolutionWholeFrameInterval must be 1...1000, not \(fullResolutionWholeFrameInterval)")
        try check((1...8).contains(reducedWholeFrameFactor), "reducedWholeFrameFactor must be 1...8, not \(reducedWholeFrameFactor)")
        try check((0...64).contains(candidateRegionsPerFrame), "candidateRegionsPerFrame must be 0...64, not \(candidateRegionsPerFrame)")
        try check(candidateAreaBudget > 0 && candidateAreaBudget <= 1, "candidateAreaBudget must be in (0, 1], not \(candidateAreaBudget)")
        try check((1...1000).contains(candidateRetryFrames), "candidateRetryFrames must be 1...1000, not \(candidateRetryFrames)")
        try check(frameTimeBudget.map { $0.isFinite && $0 >= 0.001 && $0 <= 10 } ?? true,
                  "frameTimeBudget must be nil or 0.001...10 seconds, not \(frameTimeBudget ?? 0)")
        try check(lateReadTime.map { $0.isFinite && $0 >= 0.001 && $0 <= 10 } ?? true,
                  "lateReadTime must be nil or 0.001...10 seconds, not \(lateReadTime ?? 0)")
        try check((0...1000).contains(warmUpFrames), "warmUpFrames must be 0...1000, not \(warmUpFrames)")
        try check((1...64).contains(linearStrips), "linearStrips must be 1...64, not \(linearStrips)")
        try check((1...1000).contains(linearDiscoveryInterval), "linearDiscoveryInterval must be 1...1000, not \(linearDiscoveryInterval)")
        try check((discoveryInterval...1000).contains(relaxedDiscoveryInterval),
                  "relaxedDiscoveryInterval must be discoveryInterval...1000, not \(relaxedDiscoveryInterval)")
        try check((linearDiscoveryInterval...1000).contains(relaxedLinearDiscoveryInterval),
                  "relaxedLinearDiscoveryInterval must be linearDiscoveryInterval...1000, not \(relaxedLinearDiscoveryInterval)")
        try check((0...100_000).contains(discoveryBackoffFrames), "discoveryBackoffFrames must be 0...100000, not \(discoveryBackoffFrames)")
        try check((1...1000).contains(redecodeInterval), "redecodeInterval must be 1...1000, not \(redecodeInterval)")
        try check((1...1000).contains(searchRadius), "searchRadius must be 1...1000 pixels, not \(searchRadius)")
        try check(minimumCorrelation > 0 && minimumCorrelation < 1, "minimumCorrelation must be between 0 and 1")
        try check(windowMargin >= 0 && windowMargin <= 4, "windowMargin must be 0...4")
    }
}
