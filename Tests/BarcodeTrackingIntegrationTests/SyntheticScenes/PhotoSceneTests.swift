import BarcodeDecoding
import BarcodeTracking
import Foundation
import TestSupport
import FrameSources
import SyntheticScenes
import Testing

struct PhotoSceneTests {
    /// Four crisp QR codes on one page (zxing-cpp's multi-1/multi-qr.png).
    static let multiQR = SharedData.samples.appendingPathComponent("multi-1/multi-qr.png").path

    static func still(_ path: PhotoSceneConfiguration.Path = .pan, seed: UInt64 = 3) -> PhotoSceneConfiguration {
        var c = PhotoSceneConfiguration()
        c.width = 960
        c.height = 540
        c.frameCount = 60
        c.path = path
        c.seed = seed
        return c
    }

    @Test("The homography maps the still scan's quad onto where the decoder finds the code in a rendered frame", .needsSharedData)
    func groundTruthMatchesDecoding() throws {
        var c = Self.still(.handheld)
        c.noise = 0
        c.exposure = 0
        c.rollingShutter = 0
        let scene = try PhotoScene(photos: [Self.multiQR], configuration: c)
        #expect(scene.codes.count == 4)
        let reader = try BarcodeReader(options: DecoderOptions(tryHarder: true))
        var checked = 0
        for number in stride(from: 1, through: c.frameCount, by: 3) {
            let (frame, _) = scene.render(frame: number)
            let states = scene.codeStates(frame: number).filter { $0.readable && $0.modulePixels >= 2 }
            guard !states.isEmpty else { continue }
            let found = try reader.barcodes(in: frame.image)
            for state in states {
                let code = scene.codes[state.instance - 1]
                guard let match = found.first(where: { $0.data == code.payload }) else { continue }
                let error = Self.cornerError(match.location, state.location)
                #expect(error <= 2, "frame \(number), code \(state.instance): corners off by \(error) px at \(state.modulePixels) px modules")
                checked += 1
            }
        }
        #expect(checked >= 5, "only \(checked) codes decoded to compare")
    }

    @Test("The same seed renders the same frames and ground truth; another seed does not", .needsSharedData)
    func deterministic() throws {
        let a = try PhotoScene(photos: [Self.multiQR], configuration: Self.still(.whip))
        let b = try PhotoScene(photos: [Self.multiQR], configuration: Self.still(.whip))
        let (fa, ta) = a.render(frame: 17), (fb, tb) = b.render(frame: 17)
        #expect(fa.image == fb.image)
        #expect(ta.codes == tb.codes)
        let other = try PhotoScene(photos: [Self.multiQR], configuration: Self.still(.whip, seed: 4))
        #expect(other.render(frame: 17).frame.image != fa.image)
    }

    @Test("A photo without a code is refused with a message that names it and says what to do", .needsSharedData)
    func photoWithoutCode() throws {
        let path = SharedData.samples.appendingPathComponent("falsepositives-1/#245.png").path
        #expect {
            _ = try PhotoScene(photos: [path])
        } throws: { error in
            guard let error = error as? SourceError else { return false }
            return error.code == .invalidArgument && error.message.contains(path) && error.message.contains("track scan")
        }
    }

    @Test("Codes count as readable only when inside the frame with modules of at least 1.5 px", .needsSharedData, arguments: PhotoSceneConfiguration.Path.allCases)
    func readability(path: PhotoSceneConfiguration.Path) throws {
        let scene = try PhotoScene(photos: [Self.multiQR], configuration: Self.still(path))
        let frame = Rect(x: 0, y: 0, width: 960, height: 540)
        for number in 1...scene.configuration.frameCount {
            for state in scene.codeStates(frame: number) where state.readable {
                #expect(state.modulePixels >= PhotoScene.minimumReadableModulePixels)
                #expect(state.location.corners.allSatisfy(frame.contains))
                #expect(state.blurModules < PhotoScene.maximumReadableBlurModules)
            }
        }
    }

    /// Mean corner distance, in the corner order that fits best.
    static func cornerError(_ a: Quadrilateral, _ b: Quadrilateral) -> Double {
        (0..<4).map { shift in (0..<4).map { a.corners[$0].distance(to: b.corners[($0 + shift) % 4]) }.reduce(0, +) / 4 }.min()!
    }
}
