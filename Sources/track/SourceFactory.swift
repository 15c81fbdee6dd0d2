import BarcodeTracking
import Foundation
import FrameSources
import Synchronization
import SyntheticScenes

/// The source `track` reads, with what the rest of the job needs to know about it.
struct MadeSource {
    let source: ObservedSource
    /// Frame size in pixels, when known before the first frame.
    let frameSize: Size
    /// Frames per second, for annotated output.
    let frameRate: Double
    /// The demo scene's ground truth of a frame (by its number, from 1); `nil` for files and cameras.
    var groundTruth: (@Sendable (Int) -> GroundTruthFrame)? = nil
    /// How many frames the input has, when that is certain before reading it: 1 for a still
    /// image; `nil` for videos, image sequences, cameras and scenes.
    var frameCount: Int? = nil
}

/// Passes frames through unchanged and remembers the error that ended the source,
/// so the exit status can tell a camera that vanished from a file that is corrupt.
final class ObservedSource: ForwardingSource {
    let base: any FrameSource
    let failure: FailureRecord

    init(_ base: any FrameSource) {
        self.base = base
        failure = FailureRecord()
    }

    func nextFrame() throws -> Frame? {
        do {
            let frame = try base.nextFrame()
            if frame == nil, let damage = (base as? MediaFileSource)?.damageReport, damage.truncated { failure.noteCut(damage.message) }
            return frame
        } catch {
            failure.record(error)
            throw error
        }
    }
}

/// The error that ended a source, readable from any thread.
final class FailureRecord: Sendable {
    private let error = Mutex<(any Error & Sendable)?>(nil)
    func record(_ e: any Error) { error.withLock { $0 = e as any Error & Sendable } }
    var value: (any Error & Sendable)? { error.withLock { $0 } }

    private let cut = Mutex<String?>(nil)
    /// Notes that a file ended early (cut short) although reading it did not fail.
    func noteCut(_ message: String) { cut.withLock { $0 = message } }
    /// Why the file seems cut short, or `nil`.
    var cutShort: String? { cut.withLock { $0 } }
}

enum SourceFactory {
    /// Opens the input the options name.
    static func make(_ input: InputOptions, frames: Int? = nil) throws -> MadeSource {
        let station = input.layout == SyntheticLayoutName.station.rawValue
        if input.demo, !input.photos.isEmpty, !station { return try photoScene(input, frames: frames) }
        if input.demo {
            var scene = SyntheticSceneConfiguration.demo
            if let frames { scene.frameCount = frames }
            if let size = input.size {
                scene.width = size.width
                scene.height = size.height
            }
            if let codes = input.codes { scene.codeCount = codes }
            if let seed = input.seed { scene.seed = seed }
            if let layout = input.layout { scene.layout = SyntheticSceneConfiguration.Layout(rawValue: layout) ?? .pallet }
            if let fps = input.fps { scene.frameRate = fps }
            if let shake = input.shake { scene.shake = shake }
            // A station's camera is fixed: no hand shake unless asked for.
            if scene.layout == .station, input.shake == nil { scene.shake = 0 }
            // Half the pallets stop in view (stop-and-go), half ride through (conveyor); the
            // camera sees a whole pallet, so its labels are smaller than a hand-held close-up's.
            if scene.layout == .station { (scene.stopProbability, scene.modulePixels) = (0.5, 2) }
            if let blur = input.blur { scene.motionBlur = blur }
            let labelPhotos = station ? try stationPhotos(input.photos, modulePixels: scene.modulePixels) : []
            do {
                let fitted = try SyntheticScene.fitting(scene, labelPhotos: labelPhotos)
                let rendered = SyntheticSceneSource(scene: fitted)
                let source: any FrameSource =
                    input.realtime
                    ? PacedSource(rendered, frameRate: scene.frameRate, skip: rendered.skipFrame) : rendered
                return MadeSource(
                    source: ObservedSource(source), frameSize: Size(width: Double(scene.width), height: Double(scene.height)),
                    frameRate: scene.frameRate, groundTruth: { fitted.groundTruth(frame: $0) })
            } catch {
                throw JobSetupError(message: "demo scene: \(error.message)", status: ExitStatus.usage)
            }
        }
        if let path = input.input {
            do {
                let file = RawArguments.path(path)
                let source = try MediaFileSource(file: file, options: MediaFileSource.Options(realtime: input.realtime))
                // An image format read from a file that exists is one picture; a name that is no
                // file is a sequence pattern (frames/%05d.png), whose length is not known.
                let isStill = source.isImage && isRegularFile(file)
                return MadeSource(
                    source: ObservedSource(source),
                    frameSize: Size(width: Double(source.frameWidth), height: Double(source.frameHeight)),
                    frameRate: source.nominalFrameRate ?? 30, frameCount: isStill ? 1 : nil)
            } catch {
                throw JobSetupError(message: error.description, status: ExitStatus.inputError)
            }
        }
        guard let path = input.device else {
            throw JobSetupError(message: "choose an input: --demo, --input FILE or --device /dev/videoN", status: ExitStatus.usage)
        }
        do {
            let configuration = try CameraConfiguration(
                size: try input.size.map { try CameraSize(width: $0.width, height: $0.height) },
                framesPerSecond: input.fps, bufferCount: input.buffers ?? 2,
                controls: try input.controls.map { try CameraControlSetting(parsing: $0) })
            let camera = try Camera(path: path, configuration: configuration)
            let format = camera.streamFormat
            return MadeSource(
                source: ObservedSource(camera),
                frameSize: Size(width: Double(format.size.width), height: Double(format.size.height)),
                frameRate: format.framesPerSecond)
        } catch let error as CameraError {
            throw JobSetupError(message: error.message, status: ExitStatus.camera(error.code))
        } catch {
            throw JobSetupError(message: "\(path): \(error)", status: ExitStatus.inputError)
        }
    }

    /// The labels cut from a station scene's `--photo` files and folders (none without them). A photo
    /// that cannot be read exits 2; photos in which no code can be cut out are a usage error (64).
    private static func stationPhotos(_ photos: [String], modulePixels: Double) throws -> [LabelPhoto] {
        guard !photos.isEmpty else { return [] }
        do {
            let (labels, count) = try PhotoFiles.labels(photos, modulePixels: modulePixels)
            StandardError.print("station scene: every other label is one of \(labels.count) cut from \(count) photo(s), each used once")
            return labels
        } catch {
            throw JobSetupError(message: "station photos: \(error.description)",
                                status: error.code == .invalidArgument ? ExitStatus.usage : ExitStatus.inputError)
        }
    }

    /// A virtual camera over the `--photo` files. A photo that cannot be read exits 2;
    /// one without a readable code, or a bad scene value, is a usage error (64).
    private static func photoScene(_ input: InputOptions, frames: Int?) throws -> MadeSource {
        var c = PhotoSceneConfiguration()
        if let frames { c.frameCount = frames }
        if let size = input.size {
            c.width = size.width
            c.height = size.height
        }
        if let seed = input.seed { c.seed = seed }
        if let fps = input.fps {
            c.frameRate = fps
            c.exposure = min(c.exposure, 1 / fps)
        }
        if let path = input.path.flatMap(PhotoSceneConfiguration.Path.init(rawValue:)) { c.path = path }
        do {
            let scene = try PhotoScene(photoFiles: RawArguments.paths(input.photos), configuration: c)
            StandardError.print(scene.summary)
            let rendered = PhotoSceneSource(scene: scene)
            let source: any FrameSource =
                input.realtime
                ? PacedSource(rendered, frameRate: c.frameRate, skip: rendered.skipFrame) : rendered
            return MadeSource(
                source: ObservedSource(source),
                frameSize: Size(width: Double(c.width), height: Double(c.height)), frameRate: c.frameRate,
                groundTruth: { scene.groundTruth(frame: $0) })
        } catch {
            throw JobSetupError(
                message: "photo scene: \(error.description)",
                status: error.code == .invalidArgument ? ExitStatus.usage : ExitStatus.inputError)
        }
    }

    /// Whether `path` names a regular file (following symbolic links).
    private static func isRegularFile(_ path: MediaPath) -> Bool {
        var metadata = stat()
        let name = path.bytes.map { CChar(bitPattern: $0) } + [0]
        return stat(name, &metadata) == 0 && (metadata.st_mode & S_IFMT) == S_IFREG
    }

    /// The exit status for a source that failed mid-stream: the camera's own
    /// status (unplugged, timed out, …) or "input unreadable".
    static func exitStatus(for error: (any Error)?) -> Int32 {
        if let camera = error as? CameraError { return ExitStatus.camera(camera.code) }
        return ExitStatus.inputError
    }
}
