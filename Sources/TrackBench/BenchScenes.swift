import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes

/// A sequence the benchmark runs: a synthetic label scene, a photo scene or a real clip.
package struct BenchSceneSpec: Sendable {
    /// Short name, e.g. `1080p-12-slow`; also the MOT sequence name.
    package var name: String
    /// The label scene before module-size fitting (unused by photo scenes and clips).
    var configuration: SyntheticSceneConfiguration
    /// For a photo scene: the photos (paths relative to the package root) and the camera.
    var photos: (paths: [String], configuration: PhotoSceneConfiguration)?
    /// For a real clip: its path, scored against the baseline's decodes.
    var clip: String?

    init(name: String, configuration: SyntheticSceneConfiguration) {
        self.name = name
        self.configuration = configuration
    }

    init(name: String, photos: [String], camera: PhotoSceneConfiguration) {
        self.init(name: name, configuration: SyntheticSceneConfiguration())
        self.photos = (photos, camera)
    }

    init(clip path: String) {
        self.init(name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, configuration: SyntheticSceneConfiguration())
        clip = path
    }
}

/// Named sets of scenes for `track bench --scenes`.
package enum BenchSceneSet: String, CaseIterable, Sendable {
    /// 720p and 1080p, 3/12/30/100 codes, slow and fast motion, with the retail/logistics
    /// symbology mix; for 30 and 100 codes also a 2D-only variant (QR, Data Matrix, Aztec),
    /// which fits where the wide linear labels do not; for 1080p/12 also a variant without
    /// Data Matrix and Aztec (which zxing-cpp 1.4 often cannot read in a full frame); plus a
    /// 1080p conveyor with codes entering the view.
    case standard = "default"
    /// Two small 720p scenes, a few frames each (for tests and smoke runs).
    case quick
    /// Photo scenes only: a virtual camera over real photographs (see ``BenchPhotoScenes``).
    case photos
    /// Pallet-station scenes scored per pallet (see ``BenchStation``), not per frame against the baseline.
    case station

    /// Frames per scene unless `--frames` says otherwise.
    var defaultFrames: Int { self == .quick ? 8 : 60 }

    /// The scenes of the set, each `frames` long (photo scenes default to 120 or 300 frames, clips
    /// to their whole length). The default set ends with the photo scenes and every clip
    /// in `../shared/data/video`, when that folder is there.
    package func scenes(frames: Int?) -> [BenchSceneSpec] {
        let count = frames ?? defaultFrames
        switch self {
        case .station:
            return []
        case .photos:
            return BenchPhotoScenes.scenes(frames: frames)
        case .quick:
            return [Self.spec(width: 1280, height: 720, codes: 3, fast: false, frames: count),
                    Self.spec(width: 1280, height: 720, codes: 12, fast: true, frames: count)]
        case .standard:
            var specs: [BenchSceneSpec] = []
            for (width, height) in [(1280, 720), (1920, 1080)] {
                for codes in [3, 12, 30, 100] {
                    for fast in [false, true] {
                        specs.append(Self.spec(width: width, height: height, codes: codes, fast: fast, frames: count))
                        if codes >= 30 {
                            specs.append(Self.spec(width: width, height: height, codes: codes, fast: fast, frames: count,
                                                   symbologies: [.qrCode, .dataMatrix, .aztec], suffix: "-2d"))
                        }
                        if codes == 12, height == 1080 {
                            // zxing-cpp 1.4 misses small Data Matrix and compact Aztec symbols in
                            // full frames; without them, coverage measures tracking, not the decoder.
                            specs.append(Self.spec(width: width, height: height, codes: codes, fast: fast, frames: count,
                                                   symbologies: [.qrCode, .code128, .ean13, .upcA, .code39, .itf], suffix: "-no-dm-aztec"))
                        }
                    }
                }
            }
            specs.append(Self.conveyor(frames: count))
            specs += BenchPhotoScenes.scenes(frames: frames)
            specs += BenchPhotoScenes.clips()
            return specs
        }
    }

    /// A 1080p conveyor: 12 labels ride a belt at 600 px/s (20 px per frame) into and out of view,
    /// so time to first decode is measured on codes that enter.
    static func conveyor(frames: Int) -> BenchSceneSpec {
        var c = SyntheticSceneConfiguration.demo
        c.symbologies = SyntheticSceneConfiguration().symbologies
        c.width = 1920
        c.height = 1080
        c.codeCount = 12
        c.frameCount = frames
        c.layout = .conveyor
        c.beltSpeed = 600
        c.seed = 99
        return BenchSceneSpec(name: "1080p-12-conveyor", configuration: c)
    }

    /// A hand-held pallet face: slow is `track --demo`'s gentle drift (60 px pan over 4 s,
    /// up to ~95 px/s); fast pans the same distance in 1 s with 1.5 px shake (up to ~380 px/s,
    /// 13 px per frame at 30 fps).
    static func spec(width: Int, height: Int, codes: Int, fast: Bool, frames: Int,
                     symbologies: [Symbology]? = nil, suffix: String = "") -> BenchSceneSpec {
        var c = SyntheticSceneConfiguration.demo
        c.symbologies = symbologies ?? SyntheticSceneConfiguration().symbologies
        c.width = width
        c.height = height
        c.codeCount = codes
        c.frameCount = frames
        c.seed = UInt64(codes * 7 + (fast ? 1 : 0))
        if fast {
            c.panPeriod = 1
            c.shake = 1.5
        }
        return BenchSceneSpec(name: "\(height)p-\(codes)-\(fast ? "fast" : "slow")\(suffix)", configuration: c)
    }
}
