// Pallet counter station: pallet after pallet past a fixed camera, each checked against N labels.
//
//   swift run pallet-counter 3 /dev/video0     # a camera; stop it with Ctrl-C
//   swift run pallet-counter 3                 # the synthetic station scene: pallets on a conveyor
//
// Prints a record per pallet; exit status 0 when at least one pallet was recorded, 1 otherwise.
import BarcodeEngine
import BarcodeTracking
import Foundation
import FrameSources
import PalletStation
import SyntheticScenes

let arguments = CommandLine.arguments.dropFirst()
guard let expected = arguments.first.flatMap({ Int($0) }), expected > 0 else {
    FileHandle.standardError.write(Data("usage: pallet-counter N [/dev/videoX]\n".utf8))
    exit(64)
}

let source: any FrameSource
do {
    if let device = arguments.dropFirst().first {
        source = try Camera(path: device, configuration: .defaults)
    } else {
        var scene = SyntheticSceneConfiguration.demo
        scene.layout = .station
        (scene.width, scene.height, scene.frameRate, scene.shake, scene.modulePixels) = (640, 360, 10, 0, 2)
        (scene.codeCount, scene.seed, scene.frameCount, scene.stopProbability) = (7, 3, 320, 0.5)
        source = SyntheticSceneSource(scene: try SyntheticScene.fitting(scene))
    }
} catch {
    FileHandle.standardError.write(Data("pallet-counter: \(error)\n".utf8))
    exit(2)
}

let session = try ScanSession(shouldReject: { track in
    // Runs on the frame-processing queue: labels of our own warehouse system are not part of a shipment.
    track.barcode?.data?.hasPrefix("WH-") == true
})
var settings = PalletStationConfiguration(station: "dock-1")
settings.expectedCount = expected
// The station clears the session's results as each pallet closes, so identical labels count again.
var station = try PalletStation(configuration: settings, session: session)
let processor = try FrameProcessor(source: source, session: session)   // the tracking engine
processor.start()

func report(_ pallet: ClosedPallet) {
    let record = pallet.record
    print("pallet \(record.number): \(record.count) of \(expected), \(record.countStatus?.rawValue ?? "")")
    for code in record.codes { print("  \(code.barcode.symbology.rawValue)\t\(code.barcode.data ?? "<binary>")") }
}
var recorded = 0
for await event in processor.results {
    guard case .frame(let result) = event else { continue }
    let closed = station.process(result)
    closed.forEach(report)
    recorded += closed.count
}
if let last = station.finish() {
    report(last)
    recorded += 1
}
print("\(recorded) pallet\(recorded == 1 ? "" : "s")")
exit(recorded > 0 ? 0 : 1)
