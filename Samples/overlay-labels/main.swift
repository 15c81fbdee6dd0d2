// Overlay labels: draws a label above each tracked code of a synthetic scene,
// with the overlay lifecycle (create, update, delete after expiry), and writes
// the result as an annotated video.
//
//   swift run overlay-labels labels.mp4 [frames]
import BarcodeEngine
import BarcodeAnnotation
import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes

let path = CommandLine.arguments.dropFirst().first ?? "overlay-labels.mp4"
let frames = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 240

var scene = SyntheticSceneConfiguration.demo
scene.layout = .conveyor
scene.codeCount = 6
scene.frameCount = frames
let source = SyntheticSceneSource(scene: try SyntheticScene.fitting(scene))

// Above each code, centred, 15 px away, 1.5x as wide as the code, 0.3x as high as wide.
let label = try OverlayConfiguration(anchor: .topCenter, offsetX: .none, offsetY: .fixedPx(15),
                                     sizeX: .overlay(1.5), sizeY: .keepRatio(0.3))

// The app's side of the lifecycle: a "view" per overlay is just a caption here.
final class Captions: @unchecked Sendable {  // used only on the thread that calls process()
    var text: [TrackID: String] = [:]
}
let captions = Captions()
let overlays = OverlayManager<String>(
    expiry: .default,
    create: { track in
        guard let data = track.barcode?.data else { return [] }   // located-only codes get no label
        captions.text[track.id] = String(data.suffix(12))
        return [Overlay(handle: String(data.suffix(12)), configuration: label)]
    },
    update: { _, _, _ in .keep },
    delete: { _, id in captions.text[id] = nil })

let writer = try VideoWriter(path: path, width: scene.width, height: scene.height, frameRate: scene.frameRate)
let annotator = FrameAnnotator()
let engine = try TrackingEngine()   // follows the tracked codes, searches for new ones
var tracker = try Tracker()
var tracks: [TrackedBarcode] = []
var plans: [OverlayPlan] = []
let planner = OverlayPlanner(configuration: label)
while let frame = try source.nextFrame() {
    let update = try tracker.update(with: try engine.detect(in: frame, region: nil, expected: tracks), at: frame.time)
    tracks = update.tracks
    overlays.process(update.tracks, at: frame.time)
    plans.removeAll(keepingCapacity: true)
    planner.plan(update.tracks.filter { captions.text[$0.id] != nil }, into: &plans)
    var image = annotator.annotated(frame.image, tracks: update.tracks, overlays: plans)
    for plan in plans {
        if let text = captions.text[plan.trackID] {
            image.drawText(text.uppercased(), at: Point(x: plan.rect.x + 4, y: plan.rect.y + 4), color: .white, scale: 2)
        }
    }
    try writer.appendRGB(width: image.width, height: image.height, pixels: image.pixels, time: frame.time)
}
try writer.finish()
print("wrote \(writer.frameCount) frames to \(path)")
