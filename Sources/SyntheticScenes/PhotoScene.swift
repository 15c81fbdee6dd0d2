public import FrameSources
public import BarcodeTracking
import BarcodeDecoding
import Foundation
import SeededRandom

/// One code of a ``PhotoScene``, as the thorough still-image scan read it.
public struct PhotoCode: Sendable, Hashable {
    /// Instance number, from 1: the ground-truth identity of this physical code.
    public var instance: Int
    /// Its symbology.
    public var symbology: Symbology
    /// Its text: the decoded text, or the bytes read as UTF-8 when there is no text.
    public var payload: String
    /// Its corners in canvas pixels (the plane the camera looks at), its own top-left first, clockwise.
    /// For linear codes the still scan gives scan lines; repeated lines are merged, so the quad
    /// spans from the first to the last line that read the code.
    public var location: Quadrilateral
    /// Modules across the code (along its top edge), from re-encoding the payload; an estimate
    /// when zxing-cpp cannot write the symbology.
    public var modulesAcross: Int
    /// Modules down the code for 2-D symbols; `nil` for linear codes (bar height does not limit reading).
    public var modulesDown: Int?
    /// The photo it came from (the path or name given).
    public var photo: String

    /// Size of one module in canvas pixels (the smaller of the two directions for 2-D codes).
    public var modulePixels: Double { Self.moduleSize(of: location, across: modulesAcross, down: modulesDown) }

    static func moduleSize(of q: Quadrilateral, across: Int, down: Int?) -> Double {
        let width = min(q.topLeft.distance(to: q.topRight), q.bottomLeft.distance(to: q.bottomRight)) / Double(across)
        guard let down else { return width }
        return min(width, min(q.topLeft.distance(to: q.bottomLeft), q.topRight.distance(to: q.bottomRight)) / Double(down))
    }
}

/// A virtual camera moving over real photographs, with exact ground truth.
///
/// The photos are pasted on a cardboard-grey canvas (several photos: a pallet of
/// labels). Each photo is decoded once with the thorough still-image scan
/// (``BarcodeDecoding/DecoderOptions/thorough``); those codes are the ground truth,
/// projected into every frame through the camera's homography. Codes the still scan
/// cannot read are drawn but are not in the ground truth.
///
/// Canvas coordinates are pixels of the canvas (level 0), origin top-left, y down;
/// frame coordinates are pixels of the rendered frame. `render(frame:)` is a pure
/// function of the photos, the configuration and the frame number.
public struct PhotoScene: Sendable {
    /// The configuration the scene was built from.
    public let configuration: PhotoSceneConfiguration
    /// The codes of the ground truth, in instance order.
    public let codes: [PhotoCode]
    /// The photo names, in the order given.
    public let photos: [String]
    /// Canvas size in pixels.
    public var canvasSize: Size { Size(width: Double(canvas.width), height: Double(canvas.height)) }
    let canvas: PhotoCanvas
    let path: CameraPath

    /// A code counts as readable only when one module spans at least this many frame pixels.
    public static let minimumReadableModulePixels = 1.5
    /// A code counts as readable only when it moves less than this many modules (across its
    /// bars, for linear codes) during the exposure. Calibrated against the decoder: see
    /// Benchmarks/README.md ("Photo scenes").
    public static let maximumReadableBlurModules = 1.0
    /// Photos whose side is longer than this are shrunk first (pixels).
    static let maximumPhotoSide = 2400.0

    /// Loads the photos at `paths` (anything ``ImageFile`` reads) and builds the scene.
    /// - Throws: ``SourceError``: the photo's own loading error, or `invalidArgument` when a
    ///   photo holds no code the still scan can read, or a value is out of range.
    public init(photos paths: [String], configuration: PhotoSceneConfiguration = PhotoSceneConfiguration()) throws(SourceError) {
        try self.init(photoFiles: paths.map { MediaPath($0) }, configuration: configuration)
    }

    /// Loads the photos at `files` (their exact bytes: names need not be valid UTF-8) and builds
    /// the scene, as ``init(photos:configuration:)`` does; photos are named by ``MediaPath/description``.
    public init(photoFiles files: [MediaPath], configuration: PhotoSceneConfiguration = PhotoSceneConfiguration()) throws(SourceError) {
        try self.init(images: Self.load(files), configuration: configuration)
    }

    /// Builds the scene from images already in memory (`name` only labels them in messages).
    /// - Throws: ``SourceError`` with code `invalidArgument` when there is no photo, a photo holds
    ///   no code the still scan can read, or a value is out of range.
    public init(images: [(name: String, image: LumaImage)], configuration: PhotoSceneConfiguration = PhotoSceneConfiguration()) throws(SourceError) {
        try configuration.validate()
        guard !images.isEmpty else {
            throw SourceError(.invalidArgument, "a photo scene needs at least one photo (--photo FILE)")
        }
        let reader = try Self.stillReader()
        // Decode each photo at its own resolution, then shrink it so that all photos show
        // modules of about the same size (labels on one pallet are printed alike).
        var found: [[PhotoCode]] = []
        for (name, image) in images {
            let codes = try Self.stillCodes(in: image, name: name, reader: reader)
            guard !codes.isEmpty else {
                throw SourceError(.invalidArgument,
                    "\(name) holds no barcode the still-image scan can read (try `track scan \(name)`); a photo scene needs photos with at least one readable code",
                    path: name)
            }
            found.append(codes)
        }
        let medians = found.map { codes in codes.map(\.modulePixels).sorted()[codes.count / 2] }
        let target = max(2.5, medians.min()!)
        var placed: [(image: LumaImage, factor: Double)] = []
        for (index, (_, image)) in images.enumerated() {
            var factor = min(1, max(0.25, target / medians[index]))
            factor = min(factor, Self.maximumPhotoSide / Double(max(image.width, image.height)))
            placed.append((factor < 0.999 ? PhotoCanvas.shrunk(image, by: factor) : image, factor < 0.999 ? factor : 1))
        }
        // Shelf packing in the order given, rows about 16:9 overall, small gaps, and a
        // margin of cardboard around the pallet.
        var rng = SplitMix64(seed: configuration.seed ^ 0x5EED_0F_9A11E7)
        let sides = placed.map { max($0.image.width, $0.image.height) }.sorted()
        let gap = max(16, sides[sides.count / 2] / 10)
        let area = placed.map { Double(($0.image.width + gap) * ($0.image.height + gap)) }.reduce(0, +)
        let rowLimit = max(Double(placed.map(\.image.width).max()!), (area * 16 / 9).squareRoot())
        var origins: [(x: Int, y: Int)] = [], rowX = 0, rowY = 0, rowHeight = 0, width = 0
        for item in placed {
            if rowX > 0, Double(rowX + item.image.width) > rowLimit {
                rowY += rowHeight + gap
                rowX = 0
                rowHeight = 0
            }
            let jitter = Int(rng.next() % UInt64(gap / 2 + 1))
            origins.append((rowX, rowY + jitter))
            rowX += item.image.width + gap
            rowHeight = max(rowHeight, item.image.height + jitter)
            width = max(width, rowX - gap)
        }
        let height = rowY + rowHeight
        let margin = max(sides.last! / 2, 64)
        guard (width + 2 * margin) * (height + 2 * margin) <= 80_000_000 else {
            throw SourceError(.invalidArgument, "\(images.count) photos make a \(width)x\(height) pallet; use fewer or smaller photos")
        }
        var pasted: [(image: LumaImage, origin: (x: Int, y: Int))] = []
        var codes: [PhotoCode] = []
        for (index, item) in placed.enumerated() {
            let x = origins[index].x + margin, y = origins[index].y + margin
            pasted.append((item.image, (x, y)))
            for var code in found[index] {
                let map = { (p: Point) in Point(x: (p.x + 0.5) * item.factor - 0.5 + Double(x), y: (p.y + 0.5) * item.factor - 0.5 + Double(y)) }
                let q = code.location
                code.location = Quadrilateral(topLeft: map(q.topLeft), topRight: map(q.topRight),
                                              bottomRight: map(q.bottomRight), bottomLeft: map(q.bottomLeft))
                code.instance = codes.count + 1
                codes.append(code)
            }
        }
        self.configuration = configuration
        self.codes = codes
        self.photos = images.map(\.name)
        self.canvas = try PhotoCanvas(width: width + 2 * margin, height: height + 2 * margin, seed: configuration.seed, photos: pasted)
        self.path = CameraPath(configuration: configuration, codes: codes)
    }

    /// Time of frame `number` (from 1) in seconds: the start of its exposure.
    public func time(ofFrame number: Int) -> Double { Double(number - 1) / configuration.frameRate }

    /// One line for people: how many codes the still scan read in which photos, and what that means.
    public var summary: String {
        let names = photos.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        return "photo scene: \(codes.count) code\(codes.count == 1 ? "" : "s") from the still-image scan of \(names); "
            + "codes that scan cannot read are drawn but are not in the ground truth"
    }

    /// The photos at `files` (anything ``ImageFile`` reads), each named by ``MediaPath/description``.
    static func load(_ files: [MediaPath]) throws(SourceError) -> [(name: String, image: LumaImage)] {
        var images: [(name: String, image: LumaImage)] = []
        for file in files { images.append((file.description, try ImageFile.load(file: file))) }
        return images
    }

    /// The thorough still read the scenes' truth comes from. Its repeated reads of a linear code
    /// are merged by ``merged(_:photo:)``, into the quad the scenes' truth has always had, rather
    /// than by the reader's own rule for `track scan`.
    static func stillReader() throws(SourceError) -> BarcodeReader {
        var options = DecoderOptions.thorough
        options.mergesRepeatedReads = false
        do { return try BarcodeReader(options: options) } catch {
            throw SourceError(.libraryFailure, "cannot set up the still-image scan: \(error.message)")
        }
    }

    /// The codes the still read finds in `image` (named `name` in messages), repeated reads merged.
    static func stillCodes(in image: LumaImage, name: String, reader: BarcodeReader) throws(SourceError) -> [PhotoCode] {
        do { return merged(try reader.barcodes(in: image), photo: name) } catch {
            throw SourceError(.libraryFailure, "cannot scan \(name): \(error.message)")
        }
    }

    /// The still scan's results as codes: repeated reads of one code merged (thorough mode reads
    /// a linear code on several scan lines), module counts from re-encoding the payload.
    static func merged(_ barcodes: [Barcode], photo: String) -> [PhotoCode] {
        var groups: [[Barcode]] = []
        for barcode in barcodes {
            let size = max(barcode.location.topLeft.distance(to: barcode.location.topRight), 8)
            if let index = groups.firstIndex(where: { group in
                group[0].symbology == barcode.symbology && group[0].bytes == barcode.bytes
                    && group.contains { $0.location.center.distance(to: barcode.location.center) < size }
            }) {
                groups[index].append(barcode)
            } else {
                groups.append([barcode])
            }
        }
        return groups.map { group in
            let first = group[0]
            var location = first.location
            if first.symbology.isLinear, group.count > 1 {
                // The outermost scan lines, along the normal of the code's reading direction.
                let d = first.location.topRight - first.location.topLeft, length = max((d.x * d.x + d.y * d.y).squareRoot(), 1e-9)
                let normal = Point(x: -d.y / length, y: d.x / length)
                let offset = { (b: Barcode) in b.location.center.x * normal.x + b.location.center.y * normal.y }
                let top = group.min { offset($0) < offset($1) }!.location, bottom = group.max { offset($0) < offset($1) }!.location
                location = Quadrilateral(topLeft: top.topLeft, topRight: top.topRight, bottomRight: bottom.bottomRight, bottomLeft: bottom.bottomLeft)
            }
            let payload = first.data ?? String(decoding: first.bytes, as: UTF8.self)
            let (across, down) = moduleCounts(payload, first.symbology)
            return PhotoCode(instance: 0, symbology: first.symbology, payload: payload, location: location,
                             modulesAcross: across, modulesDown: down, photo: photo)
        }
    }

    /// Modules across and down, from zxing-cpp's writer at one pixel per module. When it cannot
    /// write the code, typical sizes: 95 across for linear codes (EAN-13), 25 for 2-D symbols.
    static func moduleCounts(_ payload: String, _ symbology: Symbology) -> (Int, Int?) {
        let linear = symbology.readsPartialRows
        guard let bitmap = try? BarcodeRenderer.render(payload, as: symbology, width: 0, height: 0, quietZone: 0) else {
            return linear ? (95, nil) : (25, 25)
        }
        return linear ? (bitmap.width, nil) : (bitmap.width, bitmap.height)
    }
}
