import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes
import TestSupport
import Testing

/// Station scenes whose labels are cut out of real photographs (``LabelPhoto``).
struct StationPhotoLabelTests {
    /// Camera photos of an EAN-13, a PDF417 and a QR code, with the text each holds beside it.
    static let photos = ["ean13-2/08.png", "pdf417-2/01.png", "qrcode-4/01.png"].map { SharedData.samples.appendingPathComponent($0).path }

    static func expectedText(of photo: String) throws -> String {
        try String(contentsOfFile: (photo as NSString).deletingPathExtension + ".txt", encoding: .utf8)
    }

    @Test("A label cut from a camera photo holds the text the sample says the photo's code holds", .needsSharedData)
    func cutOutsHoldTheSamplesText() throws {
        let labels = try LabelPhoto.load(Self.photos.map { MediaPath($0) }, modulePixels: 2)
        #expect(labels.map(\.photo) == Self.photos, "one label from each photo")
        for label in labels { #expect(label.payload == (try Self.expectedText(of: label.photo)), "\(label.photo)") }
        #expect(labels.map(\.symbology) == [.ean13, .pdf417, .qrCode])
    }

    @Test("A photo with no code gives no label, and a payload two photos hold is cut once", .needsSharedData)
    func noCodeNoLabelAndEachPayloadOnce() throws {
        let blank = try LumaImage(width: 200, height: 120, filledWith: 200)
        let photo = try ImageFile.load(file: MediaPath(Self.photos[0]))
        let labels = try LabelPhoto.cut(from: [("blank", blank), ("first", photo), ("again", photo)], modulePixels: 2)
        #expect(labels.map(\.photo) == ["first"])
    }

    @Test(
        "In a station scene every other label is a photo cut-out, and a still read of a frame finds each one where the truth puts it",
        .needsSharedData)
    func photoLabelsAreDrawnWhereTheTruthSays() throws {
        let cutOuts = try LabelPhoto.load(Self.photos.map { MediaPath($0) }, modulePixels: 2)
        var c = StationSceneTests.station(codes: 6, seed: 2)
        (c.width, c.height) = (1280, 720)
        let scene = try SyntheticScene(c, labelPhotos: cutOuts)
        #expect(scene.labels.map(\.isPhoto) == [true, false, true, false, true, false])
        #expect(Set(scene.labels.filter(\.isPhoto).map(\.payload)) == Set(cutOuts.map(\.payload)))

        let reader = try BarcodeReader(options: .thorough)
        let photoInstances = Set(scene.labels.filter(\.isPhoto).map(\.instance))
        var found = Set<Int>()
        for number in stride(from: 1, through: c.frameCount, by: 5) where found != photoInstances {
            let truth = scene.groundTruth(frame: number).codes.filter { photoInstances.contains($0.instance) && $0.visibility == 1 }
            let unseen = truth.filter { !found.contains($0.instance) }
            guard !unseen.isEmpty else { continue }
            let reads = try reader.barcodes(in: scene.render(frame: number).frame.image)
            for code in unseen {
                guard let read = reads.first(where: { $0.data == code.payload }) else { continue }
                let bounds = try #require(Rect(enclosing: [code.location.topLeft, code.location.bottomRight]))
                let slack = Rect(x: bounds.x - 4, y: bounds.y - 4, width: bounds.width + 8, height: bounds.height + 8)
                #expect(
                    slack.contains(read.location.center),
                    "frame \(number): \(code.payload) read at \(read.location.center), truth \(bounds)")
                found.insert(code.instance)
            }
        }
        #expect(found == photoInstances, "each photo label read in full view at least once")
    }
}
