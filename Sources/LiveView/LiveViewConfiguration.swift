public import BarcodeTracking

/// Settings of a ``LiveViewServer``.
public struct LiveViewConfiguration: Sendable, Hashable {
    /// Address to listen on (an IPv4/IPv6 literal or a host name). Default `127.0.0.1`: loopback only.
    public var host = "127.0.0.1"
    /// TCP port; 0 lets the system pick one (read it from ``LiveViewServer/start()``'s URL). Default 0.
    public var port = 0
    /// When set, every request must carry it, as `?token=…` or in the `X-Live-View-Token` header;
    /// others get 401. Required (see ``validated()``) when ``host`` is not a loopback address.
    public var token: String?
    /// At most this many `/stream.mjpeg` and `/events` responses at once; more get 503. Default 8.
    public var maximumStreamingClients = 8
    /// At most this many snapshots (`/snapshot.png`, `POST /snapshot`) are drawn and encoded at once,
    /// on a queue of their own so that the stream's frames keep flowing; more get 503. Default 2.
    public var maximumSnapshots = 2
    /// Host names, besides the loopback names (`localhost`, `127.0.0.1`, `[::1]`) and ``host``, under
    /// which a loopback server answers (a name in `/etc/hosts`, a proxy's name). Requests with any other
    /// `Host` get 403, so that a web page cannot reach the job by pointing its own name at 127.0.0.1.
    /// Compared without case; a port, when given in `Host`, must be the server's. Default none.
    public var allowedHostNames: [String] = []
    /// A connection that sends nothing for this long while no response is being written (a request
    /// never finished, an idle keep-alive) is closed. Default 10 s.
    public var idleTimeout: Duration = .seconds(10)
    /// A streaming response whose client has not taken a write for this long (it stopped reading) is
    /// closed, which frees its stream slot. Default 10 s.
    public var writeTimeout: Duration = .seconds(10)

    /// The defaults documented on each property.
    public init() {}

    /// Whether ``host`` only accepts connections from this machine (`127.0.0.0/8`, `::1`, `localhost`).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// The configuration, checked: throws ``LiveViewError`` (`.invalidConfiguration`) for a port
    /// outside 0...65535, an empty host, a client or snapshot limit below 1, a timeout not above zero,
    /// an allowed host name that is not a name, or a non-loopback host without a token.
    public func validated() throws(LiveViewError) -> LiveViewConfiguration {
        guard (0...65_535).contains(port) else {
            throw LiveViewError(.invalidConfiguration, "port \(port) is not 0...65535 (0 picks a free port)")
        }
        guard !host.isEmpty else { throw LiveViewError(.invalidConfiguration, "the address is empty; use e.g. 127.0.0.1") }
        guard maximumStreamingClients >= 1 else {
            throw LiveViewError(.invalidConfiguration, "at least one streaming client must be allowed, not \(maximumStreamingClients)")
        }
        guard maximumSnapshots >= 1 else {
            throw LiveViewError(.invalidConfiguration, "at least one snapshot at a time must be allowed, not \(maximumSnapshots)")
        }
        guard idleTimeout > .zero, writeTimeout > .zero else {
            throw LiveViewError(.invalidConfiguration, "the idle and write timeouts must be positive")
        }
        if let bad = allowedHostNames.first(where: { name in
            name.isEmpty || name.contains(where: { " /@?#".contains($0) }) || (name.contains(":") && !name.hasPrefix("["))
        }) {
            throw LiveViewError(.invalidConfiguration, "'\(bad)' is not a host name; give a name such as scanner.local, without port or path")
        }
        if !isLoopback, (token ?? "").isEmpty {
            throw LiveViewError(.invalidConfiguration,
                                "\(host) is reachable from other machines: give a token so that only people who have it can watch and control the job")
        }
        return self
    }
}

/// What the page draws besides the tracks: the frame size, the scan area and the point of interest,
/// all in frame pixels, and the expected count. Served once as `/scene.json`.
public struct LiveViewScene: Sendable, Hashable {
    /// Frame size in frame pixels.
    public var frameSize: Size
    /// The scan area (after margins), in frame pixels.
    public var scanArea: Rect
    /// The point of interest, in frame pixels.
    public var pointOfInterest: Point
    /// The selection circle or rectangle around the point of interest, in frame pixels, if any.
    public var selection: ScanAreaGuides.SelectionShape
    /// How many distinct codes the job waits for (`--expect`), if any.
    public var expectedCount: Int?
    /// Whether overlay rectangles are planned (`--overlay`), so the page draws them.
    public var hasOverlays: Bool
    /// The pallet station's name when the job splits its codes into pallets (`track station`): the page
    /// then shows the pallet in progress, the latest pallets and a "Next pallet" button (`POST /next`).
    /// `nil` for a plain job. Default `nil`.
    public var station: String?

    /// A scene from the session's scan area at `frameSize`.
    public init(frameSize: Size, scanArea: ScanArea, expectedCount: Int? = nil, hasOverlays: Bool = false) {
        let guides = scanArea.guides(in: frameSize)
        self.frameSize = frameSize
        self.scanArea = guides.scanArea
        pointOfInterest = guides.pointOfInterest
        selection = guides.selection
        self.expectedCount = expectedCount
        self.hasOverlays = hasOverlays
    }
}
