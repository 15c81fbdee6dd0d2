import BarcodeTracking

/// Gives the baseline's decodes of a file stable reference identities by geometry,
/// so that several labels with one payload (a sheet of "COPIES") stay several codes.
///
/// A decode continues the reference code of the same payload whose last sighting,
/// moved on at its last velocity, is nearest, within a gate of the code's size
/// (at least 32 frame pixels) and at most ``maximumGap`` frames back; nearest pairs
/// are taken first. Anything else starts a new reference code. This is simpler than
/// the tracker under test (no payload-free stage, no optimal assignment), and it
/// only ever sees decodes, which carry their payload: it is the reference, not a rival.
struct BenchReferenceLinker {
    /// Frames a reference code may go unseen and still be continued.
    var maximumGap = 15
    private struct Code {
        var id: Int
        var payload: String
        var center: Point
        var velocity: Point
        var size: Double
        var lastFrame: Int
    }
    private var codes: [Code] = []
    private var nextID = 1

    /// Distinct reference codes so far.
    var count: Int { nextID - 1 }

    /// Identities (from 1) for the decodes of frame `index` (0-based, increasing), in their order.
    mutating func link(_ decodes: [(payload: String, location: Quadrilateral)], frame index: Int) -> [Int] {
        var candidates: [(distance: Double, decode: Int, code: Int)] = []
        for (d, decode) in decodes.enumerated() {
            let center = decode.location.center
            for (c, code) in codes.enumerated() where code.payload == decode.payload && index - code.lastFrame <= maximumGap {
                let gap = Double(index - code.lastFrame)
                let expected = Point(x: code.center.x + code.velocity.x * gap, y: code.center.y + code.velocity.y * gap)
                let distance = center.distance(to: expected)
                if distance <= max(32, max(code.size, decode.location.size)) { candidates.append((distance, d, c)) }
            }
        }
        var ids = [Int](repeating: 0, count: decodes.count)
        var taken = Set<Int>()
        for candidate in candidates.sorted(by: { $0.distance < $1.distance })
        where ids[candidate.decode] == 0 && !taken.contains(candidate.code) {
            taken.insert(candidate.code)
            ids[candidate.decode] = codes[candidate.code].id
            let center = decodes[candidate.decode].location.center, old = codes[candidate.code]
            let gap = Double(max(1, index - old.lastFrame))
            codes[candidate.code].velocity = Point(x: (center.x - old.center.x) / gap, y: (center.y - old.center.y) / gap)
            codes[candidate.code].center = center
            codes[candidate.code].size = decodes[candidate.decode].location.size
            codes[candidate.code].lastFrame = index
        }
        for (d, decode) in decodes.enumerated() where ids[d] == 0 {
            ids[d] = nextID
            codes.append(Code(id: nextID, payload: decode.payload, center: decode.location.center, velocity: Point(x: 0, y: 0),
                              size: decode.location.size, lastFrame: index))
            nextID += 1
        }
        codes.removeAll { index - $0.lastFrame > maximumGap }
        return ids
    }
}

/// A reference made of decodes, frame by frame: identities linked by geometry.
struct BenchLinkedReference {
    private(set) var linker = BenchReferenceLinker()
    private(set) var truth: [[BenchTruthObject]] = []

    /// Adds the next frame's decodes (payload, corners in frame pixels).
    mutating func append(_ decodes: [(payload: String, location: Quadrilateral)]) {
        let identities = linker.link(decodes, frame: truth.count)
        truth.append(zip(decodes, identities).map { decode, id in
            BenchTruthObject(id: id, payload: decode.payload, location: decode.location, fullyVisible: true)
        })
    }

    /// A pipeline's reports scored against this reference, gaps between reads don't-care.
    func sequence(_ reported: [[BenchReportedTrack]]) -> BenchSequence {
        BenchSequence(truth: truth, reported: reported, ignored: BenchReferenceGaps.bridged(truth))
    }
}
