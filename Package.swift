// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "swift-barcode-tracking",
    products: [
        .library(name: "BarcodeTracking", targets: ["BarcodeTracking"]),
        .library(name: "BarcodeDecoding", targets: ["BarcodeDecoding"]),
        .library(name: "FrameSources", targets: ["FrameSources"]),
        .executable(name: "track", targets: ["track"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: []
)

// MARK: - System libraries (found through pkg-config, named Debian packages when missing)

package.targets += [
    .systemLibrary(
        name: "CZXing",
        pkgConfig: "zxing",
        providers: [.apt(["libzxing-dev"])]
    ),
    .systemLibrary(
        name: "CFFmpeg",
        pkgConfig: "libavformat",
        providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]
    ),
]

// MARK: - C shims (plain C headers; only BarcodeDecoding and FrameSources import them)

package.targets += [
    .target(
        name: "CZXingShim",
        dependencies: ["CZXing"],
        cxxSettings: [.define("ZX_USE_UTF8")]
    ),
    .target(
        name: "CFFmpegShim",
        dependencies: ["CFFmpeg"]
    ),
]

// MARK: - Swift modules

package.targets += [
    .target(name: "BarcodeTracking"),
    .target(name: "BarcodeDecoding", dependencies: ["BarcodeTracking", "CZXingShim"]),
    .target(name: "FrameSources", dependencies: ["BarcodeTracking", "CFFmpegShim"]),
    .executableTarget(
        name: "track",
        dependencies: [
            "BarcodeTracking", "BarcodeDecoding", "FrameSources",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
]

// MARK: - Tests

package.targets += [
    .testTarget(
        name: "BarcodeTrackingTests",
        dependencies: ["BarcodeTracking", .product(name: "PropertyBased", package: "swift-property-based")]
    ),
    .testTarget(name: "BarcodeDecodingTests", dependencies: ["BarcodeDecoding", "FrameSources"]),
    .testTarget(name: "FrameSourcesTests", dependencies: ["FrameSources"]),
    .testTarget(name: "TrackCommandTests", dependencies: ["track"]),
]

// MARK: - Shared settings

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
package.swiftLanguageModes = [.v6]
package.cxxLanguageStandard = .cxx17
