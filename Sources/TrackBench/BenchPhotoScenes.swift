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

    /// A sheet of 16 symbologies, one sample each, every one read by the still scan: QR Code,
    /// Data Matrix, Aztec, PDF417, EAN-13, EAN-8, UPC-A, UPC-E, Code 128, Code 39, Code 93,
    /// Codabar, ITF, DataBar, Micro QR Code and MaxiCode. Smaller print and more kinds than
    /// the pallet: the shape of a printed test sheet filmed hand-held, where 1-D codes blur
    /// into and out of readability from frame to frame.
    static let symbologies = [
        "qrcode-2/#1314.jpg", "datamatrix-1/0123456789.png", "aztec-1/#128.png", "pdf417-1/01.png",
        "ean13-1/1.png", "ean8-1/1.png", "upca-1/16.png", "upce-1/2.png", "code128-1/1.png", "code39-1/2.png",
        "code93-1/1.png", "codabar-1/01.png", "itf-1/#220.png", "rss14-1/1.png", "microqrcode-1/1.png",
        "maxicode-1/MODE2.png",
    ].map { samples + "/" + $0 }

    /// One scene per camera motion over the pallet, then over the sheet of symbologies,
    /// `frames` long (by default 120 over the pallet and 300 over the sheet, whose small
    /// print the camera needs longer to cover), otherwise the defaults of `track --demo
    /// --photo` (720p at 30 fps, 1/60 s exposure, 25 ms rolling shutter).
    static func scenes(frames: Int?) -> [BenchSceneSpec] {
        [("pallet", pallet, 11, frames ?? 120), ("symbologies", symbologies, 21, frames ?? 300)].flatMap { name, photos, seed, frames in
            PhotoSceneConfiguration.Path.allCases.enumerated().map { index, path in
                var camera = PhotoSceneConfiguration()
                camera.path = path
                camera.frameCount = frames
                camera.seed = UInt64(seed + index)
                return BenchSceneSpec(name: "photos-\(name)-\(path.rawValue)", photos: photos, camera: camera)
            }
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
