import Foundation
import FrameSources
import SyntheticScenes

/// The demo pallet (three labels) at 640x480, as clips and raw frames on disk for `track` to read.
enum DemoClip {
    /// The demo scene at 640x480, `frames` frames long.
    static func scene(frames: Int) throws -> SyntheticScene {
        var configuration = SyntheticSceneConfiguration.demo
        configuration.width = 640
        configuration.height = 480
        configuration.frameCount = frames
        return try SyntheticScene.fitting(configuration)
    }

    /// Writes the scene's `frames` first frames to `path` at 30 fps (the container from its extension).
    static func write(_ scene: SyntheticScene, frames: Int, to path: String) throws {
        let writer = try VideoWriter(path: path, width: scene.configuration.width, height: scene.configuration.height, frameRate: 30)
        for n in 1...frames { try writer.append(scene.render(frame: n).frame) }
        try writer.finish()
    }
}
