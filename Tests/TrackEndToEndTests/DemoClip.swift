import Foundation
import FrameSources
import TestSupport
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
        try VideoFiles.write(to: path, width: scene.configuration.width, height: scene.configuration.height) { writer in
            for n in 1...frames { try writer.append(scene.render(frame: n).frame) }
        }
    }
}
