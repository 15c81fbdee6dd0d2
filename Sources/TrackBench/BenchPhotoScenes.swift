import Foundation
import FrameSources
import SyntheticScenes

/// The photo scenes and real clips of `track bench`: real print under a virtual hand-held
/// camera, and real footage, next to the synthetic labels.
enum BenchPhotoScenes {
    /// zxing-cpp's sample photos (../shared/data, relative to the package root).
    static let samples = "../shared/data/zxing-cpp-samples"
    /// Real hand-held clips; every file in it is benchmarked when the folder is there.
    static let videos = "../shared/data/video"

    /// The pallet: eight camera photos of single labels, chosen because both the still scan
    /// and one video-mode full-frame decode read them at their own size (so a miss in a scene
    /// is the motion's doing, not the photo's), with distinct payloads, a spread of symbologies
    /// (QR, EAN-13, Code 128, Data Matrix, UPC-A, PDF417, Aztec) and of print, paper, curvature
    /// and lighting; plus the two sample pages with several codes each (four QR codes; PDF417,
    /// QR, Aztec and Code 39 together). 16 codes in all.
    static let pallet = [
        "qrcode-1/1.png", "ean13-1/14.png", "code128-2/06.png", "datamatrix-2/01.png",
        "upca-1/16.png", "pdf417-2/01.png", "qrcode-5/01.png", "aztec-2/05.png",
        "multi-1/multi-qr.png", "multi-1/#360.png",
    ].map { samples + "/" + $0 }

    /// One scene per camera motion over the pallet, `frames` long, otherwise the defaults of
    /// `track --demo --photo` (720p at 30 fps, 1/60 s exposure, 25 ms rolling shutter).
    static func scenes(frames: Int) -> [BenchSceneSpec] {
        PhotoSceneConfiguration.Path.allCases.enumerated().map { index, path in
            var camera = PhotoSceneConfiguration()
            camera.path = path
            camera.frameCount = frames
            camera.seed = UInt64(11 + index)
            return BenchSceneSpec(name: "photos-pallet-\(path.rawValue)", photos: pallet, camera: camera)
        }
    }

    /// Every video file in ``videos``, sorted by name; none when the folder is missing.
    static func clips() -> [BenchSceneSpec] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: videos)) ?? []
        let kinds: Set<String> = ["mp4", "mkv", "mov", "avi", "webm"]
        return names.filter { kinds.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
            .map { BenchSceneSpec(clip: videos + "/" + $0) }
    }
}
