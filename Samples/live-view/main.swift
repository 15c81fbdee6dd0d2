// Live view: the pallet counter, with a web page showing what it sees (outlines, the codes so far,
// pause, resume, clear and snapshot buttons). Open the address it prints; the page needs nothing installed.
//
//   swift run live-view 3 /dev/video0     # a camera
//   swift run live-view 3                 # the synthetic demo pallet
//
// Exit status 0 when N codes were recognized, 1 otherwise.
import BarcodeEngine
import BarcodeTracking
import Foundation
import FrameSources
import LiveView
import SyntheticScenes

let arguments = CommandLine.arguments.dropFirst()
guard let expected = arguments.first.flatMap({ Int($0) }), expected > 0 else {
    FileHandle.standardError.write(Data("usage: live-view N [/dev/videoX]\n".utf8))
    exit(64)
}

let source: any FrameSource, frameSize: Size
if let device = arguments.dropFirst().first {
    let camera = try Camera(path: device, configuration: .defaults)
    (source, frameSize) = (camera, Size(width: Double(camera.streamFormat.size.width), height: Double(camera.streamFormat.size.height)))
} else {
    var scene = SyntheticSceneConfiguration.demo
    scene.codeCount = expected
    (source, frameSize) = (SyntheticSceneSource(scene: try SyntheticScene.fitting(scene)), Size(width: 1280, height: 720))
}

var settings = ScanSessionConfiguration()
settings.expectedCount = expected
let session = try ScanSession(configuration: settings)
var processing = FrameProcessorConfiguration()
processing.deliversImages = true                      // the page shows the frames
let processor = try FrameProcessor(source: source, session: session, configuration: processing)

let feed = try LiveFeed()                             // what viewers see; publishing never waits for them
let server = try LiveViewServer(configuration: LiveViewConfiguration(), feed: feed, session: session,
                                scene: LiveViewScene(frameSize: frameSize, scanArea: settings.scanArea, expectedCount: expected))
FileHandle.standardError.write(Data("serving \(try await server.start())\n".utf8))   // 127.0.0.1, a free port

processor.start()
var summary: ScanSummary?, count = 0
for await event in processor.results {
    switch event {
    case .frame(let result):
        feed.publish(result)
        for code in result.newlyRecognized { count += 1; print("\(count)/\(expected)  \(code.barcode.data ?? "<binary>")") }
    case .skipped: break
    case .finished(let final): summary = final
    }
}
if let summary { feed.finish(with: summary, expected: expected) }   // viewers get the summary, then the end
await server.stop()                                                 // after viewers got the summary (2 s at most)
exit((summary?.recognized.count ?? 0) >= expected ? 0 : 1)
