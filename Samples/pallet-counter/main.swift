// Pallet counter: expect N labels, print the manifest, exit.
//
//   swift run pallet-counter 3 /dev/video0     # a camera
//   swift run pallet-counter 3                 # the synthetic demo pallet
//
// Exit status 0 when N codes were recognized, 1 otherwise.
import BarcodeEngine
import BarcodeTracking
import Foundation
import FrameSources
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
        scene.codeCount = expected
        scene.frameCount = 300
        source = SyntheticSceneSource(scene: try SyntheticScene.fitting(scene))
    }
} catch {
    FileHandle.standardError.write(Data("pallet-counter: \(error)\n".utf8))
    exit(2)
}

var settings = ScanSessionConfiguration()
settings.expectedCount = expected
let session = try ScanSession(configuration: settings, didProcessFrame: { frame in
    // Runs on the frame-processing queue, the only place where codes may be rejected:
    // here, labels of our own warehouse system are not part of the shipment.
    for track in frame.tracks where track.barcode?.data?.hasPrefix("WH-") == true {
        _ = try? frame.reject(track.id)
    }
})
let processor = try FrameProcessor(source: source, session: session)   // the tracking engine
processor.start()

var summary: ScanSummary?
for await event in processor.results {
    switch event {
    case .frame(let result):
        let before = result.recognizedCount - result.newlyRecognized.count
        for (offset, code) in result.newlyRecognized.enumerated() {
            print("\(before + offset + 1)/\(expected)  \(code.barcode.symbology)  \(code.barcode.data ?? "<binary>")")
        }
    case .skipped(let frame):
        FileHandle.standardError.write(Data("frame \(frame.frameNumber) skipped: \(frame.reason)\n".utf8))
    case .finished(let final):
        summary = final
    }
}

guard let summary else { exit(1) }
print("manifest (\(summary.recognized.count) of \(expected), \(summary.reason)):")
for code in summary.recognized {
    print("  \(code.barcode.symbology.rawValue)\t\(code.barcode.data ?? "<binary>")\t\(code.barcode.extendedData ?? "")")
}
exit(summary.recognized.count >= expected ? 0 : 1)
