import ArgumentParser
import FrameSources

/// A synthetic scene the benchmark runs.
struct BenchSceneSpec: Sendable {
    /// Short name, e.g. `1080p-12-slow`; also the MOT sequence name.
    var name: String
    /// The scene before module-size fitting.
    var configuration: SyntheticSceneConfiguration
}

/// Named sets of scenes for `track bench --scenes`.
enum BenchSceneSet: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// 720p and 1080p, 3/12/30/100 codes, slow and fast motion.
    case standard = "default"
    /// Two small 720p scenes, a few frames each (for tests and smoke runs).
    case quick

    /// Frames per scene unless `--frames` says otherwise.
    var defaultFrames: Int { self == .quick ? 8 : 30 }

    /// The scenes of the set, each `frames` long.
    func scenes(frames: Int?) -> [BenchSceneSpec] {
        let count = frames ?? defaultFrames
        switch self {
        case .quick:
            return [Self.spec(width: 1280, height: 720, codes: 3, fast: false, frames: count),
                    Self.spec(width: 1280, height: 720, codes: 12, fast: true, frames: count)]
        case .standard:
            var specs: [BenchSceneSpec] = []
            for (width, height) in [(1280, 720), (1920, 1080)] {
                for codes in [3, 12, 30, 100] {
                    for fast in [false, true] {
                        specs.append(Self.spec(width: width, height: height, codes: codes, fast: fast, frames: count))
                    }
                }
            }
            return specs
        }
    }

    /// A hand-held pallet face: slow is `track --demo`'s gentle drift (60 px pan over 4 s,
    /// up to ~95 px/s); fast pans the same distance in 1 s with 1.5 px shake (up to ~380 px/s,
    /// 13 px per frame at 30 fps).
    static func spec(width: Int, height: Int, codes: Int, fast: Bool, frames: Int) -> BenchSceneSpec {
        var c = SyntheticSceneConfiguration.demo
        c.symbologies = SyntheticSceneConfiguration().symbologies
        c.width = width
        c.height = height
        c.codeCount = codes
        c.frameCount = frames
        c.seed = UInt64(codes * 7 + (fast ? 1 : 0))
        if fast {
            c.panPeriod = 1
            c.shake = 1.5
        }
        return BenchSceneSpec(name: "\(height)p-\(codes)-\(fast ? "fast" : "slow")", configuration: c)
    }
}
