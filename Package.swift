// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "swift-barcode-tracking",
    products: [
        .library(name: "BarcodeTracking", targets: ["BarcodeTracking"]),
        .library(name: "BarcodeDecoding", targets: ["BarcodeDecoding"]),
        .library(name: "BarcodeEngine", targets: ["BarcodeEngine"]),
        .library(name: "BarcodeAnnotation", targets: ["BarcodeAnnotation"]),
        .library(name: "FrameSources", targets: ["FrameSources"]),
        .library(name: "LiveView", targets: ["LiveView"]),
        .library(name: "PalletStation", targets: ["PalletStation"]),
        .library(name: "SyntheticScenes", targets: ["SyntheticScenes"]),
        .library(name: "ZXingAssertionGuard", targets: ["CZXingAssertionGuard"]),
        .executable(name: "track", targets: ["track"]),
        // The reader process of ReadIsolation, started by track from beside it (see ReadIsolation).
        .executable(name: "zxing-reader", targets: ["zxing-reader"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        // Only LiveView (track --serve) uses it; no traits, so swift-configuration is not built.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
        // Hummingbird's own; LiveView names its Channel to bound and close stalled streams.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        // Only PalletDelivery (track station --sink http://…) uses it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Only PalletDelivery (track station --sink postgres://…) uses it.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
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
    .systemLibrary(
        name: "CZlib",
        pkgConfig: "zlib",
        providers: [.apt(["zlib1g-dev"])]
    ),
    .systemLibrary(
        name: "CV4L2",
        pkgConfig: "libv4l2",
        providers: [.apt(["libv4l-dev"])]
    ),
]

// MARK: - C shims (plain C headers; only BarcodeDecoding and FrameSources import them)

package.targets += [
    .target(
        name: "CZXingShim",
        dependencies: ["CZXing"],
        cxxSettings: [.define("ZX_USE_UTF8")]
    ),
    // Opt-in, process-wide: defines glibc's __assert_fail so that a zxing-cpp 1.4 assertion
    // inside a guarded read fails that read instead of the process. Executables link it.
    .target(
        name: "CZXingAssertionGuard",
        dependencies: ["CZXingShim"]
    ),
    .target(
        name: "CFFmpegShim",
        dependencies: ["CFFmpeg"]
    ),
    .target(
        name: "CV4L2Shim",
        dependencies: ["CV4L2"]
    ),
]

// MARK: - Swift modules

package.targets += [
    .target(name: "BarcodeTracking"),
    .target(name: "BarcodeDecoding", dependencies: ["BarcodeTracking", "CZXingShim", "CAllocatorSettings"]),
    .target(name: "BarcodeEngine", dependencies: ["BarcodeTracking", "BarcodeDecoding"]),
    // Pallets out of a stream of frame results: presence and trigger, records, manifest check (track station).
    .target(name: "PalletStation", dependencies: ["BarcodeTracking"]),
    // Presentation: drawing tracked codes and overlays onto frames (track --annotate, samples).
    .target(name: "BarcodeAnnotation", dependencies: ["BarcodeTracking", "CZlib"]),
    .target(name: "FrameSources", dependencies: ["BarcodeTracking", "CFFmpegShim", "CV4L2Shim"]),
    // Synthetic labels and photo scenes with ground truth (barcodes drawn and read with zxing-cpp).
    .target(name: "SyntheticScenes", dependencies: ["BarcodeTracking", "BarcodeDecoding", "FrameSources", "SeededRandom"]),
    // A seeded random generator, without dependencies: scenes and tests draw the same values on every machine.
    .target(name: "SeededRandom"),
    // Catches SIGINT/SIGTERM/SIGHUP from before main, for track only (see its header).
    .target(name: "CEarlySignals"),
    // glibc allocator settings for track (mallopt, which Swift does not import; see AllocatorSettings).
    .target(name: "CAllocatorSettings"),
    // The --format jsonl contract's lines (frame, recognized, lost, summary, pallet): track and LiveView write the same;
    // and the MOTChallenge line track --format mot and track bench --mot write.
    .target(name: "JSONLines", dependencies: ["BarcodeTracking", "PalletStation"]),
    // Outputs over HTTP: the live page, MJPEG, Server-Sent Events (track --serve). A module of its own so
    // that embedders who do not serve do not build Hummingbird and SwiftNIO.
    .target(name: "LiveView", dependencies: [
        "BarcodeTracking", "BarcodeAnnotation", "FrameSources", "JSONLines", "DedicatedThread",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
    ]),
    // `track bench`: the engine against decoding every full frame on the same frames (speed, latency,
    // accuracy against ground truth, MOT metrics). Internal to the package: track calls it, no product.
    .target(name: "TrackBench", dependencies: [
        "BarcodeTracking", "BarcodeDecoding", "BarcodeEngine", "BarcodeAnnotation", "FrameSources", "SyntheticScenes", "JSONLines",
        "PalletStation",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
    ]),
    // Pallet records on their way out: the durable on-disk outbox (no dependency but Foundation), and the
    // sinks that drain it in the background (webhook over async-http-client, PostgreSQL over postgres-nio),
    // never on the frame path.
    .target(name: "PalletOutbox"),
    // A task executor with a thread of its own (delivery, and the tests that only await).
    .target(name: "DedicatedThread"),
    .target(name: "PalletDelivery", dependencies: [
        "PalletOutbox", "DedicatedThread",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
    ]),
    // The reader process of ReadIsolation: serves zxing-cpp reads and nothing else, so it starts in
    // milliseconds (track, which links FFmpeg, takes some 50 ms); track starts it from beside itself.
    .executableTarget(name: "zxing-reader", dependencies: ["BarcodeDecoding", "CZXingAssertionGuard"]),
    .executableTarget(
        name: "track",
        dependencies: [
            "BarcodeTracking", "BarcodeDecoding", "BarcodeEngine", "BarcodeAnnotation", "FrameSources", "SyntheticScenes", "CZXingAssertionGuard",
            "CEarlySignals", "LiveView", "JSONLines", "TrackBench", "PalletStation", "PalletOutbox", "PalletDelivery",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Histogram", package: "hdrhistogram-swift"),
        ]
    ),
]

// MARK: - Tests, by level (as swift-argument-parser groups them)

package.targets += [
    // What the levels share: where ../shared/data is, the trait that skips (with the reason)
    // the tests needing it when it is absent, scratch files, running built executables (and the
    // V4L2 stand-in), reading back the videos they write.
    // The webhook receiver that fails on command (WebhookReceiver) is a real NIO HTTP server;
    // PostgresCluster runs throwaway PostgreSQL servers from Debian's binaries (Foundation's Process only).
    .target(name: "TestSupport", dependencies: [
        "BarcodeTracking", "FrameSources", "DedicatedThread",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
    ], path: "Tests/TestSupport"),
    // Pure Swift logic on in-memory values: geometry, tracker, session, overlays, scan area,
    // errors, drawing, configuration parsing, track's option and bench arithmetic.
    .testTarget(
        name: "BarcodeTrackingUnitTests",
        dependencies: [
            "BarcodeTracking", "BarcodeAnnotation", "BarcodeEngine", "FrameSources", "SyntheticScenes", "track", "TrackArguments", "TrackBench", "TestSupport",
            "PalletStation", "PalletDelivery", "SeededRandom",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]
    ),
    // The real libraries: zxing-cpp, FFmpeg, libv4l2 against the V4L2 stand-in, images and clips
    // from ../shared/data, the engine on rendered scenes.
    .testTarget(
        name: "BarcodeTrackingIntegrationTests",
        dependencies: [
            "BarcodeTracking", "BarcodeDecoding", "BarcodeEngine", "FrameSources", "SyntheticScenes", "LiveView",
            // track and zxing-reader: the reader processes of ReadIsolationTests.
            "CZXingAssertionGuard", "camera-probe", "track", "zxing-reader", "TestSupport", "SeededRandom",
        ]
    ),
    // `track` run as a process, as a user runs it (including the live page in a headless browser).
    .testTarget(
        name: "TrackEndToEndTests",
        dependencies: ["track", "zxing-reader", "BarcodeTracking", "BarcodeDecoding", "BarcodeAnnotation", "FrameSources", "SyntheticScenes",
                       "V4L2StandIn", "PalletOutbox", "TestSupport", "SeededRandom"]
    ),
    // The outbox on disk (append, reopen, acknowledge, compact, torn tail, full), the webhook sink
    // against a real loopback receiver that fails on command, the PostgreSQL sink against real servers.
    .testTarget(name: "PalletDeliveryTests", dependencies: ["PalletOutbox", "PalletDelivery", "TestSupport"]),
    // Each program under Samples/ built and run, its output checked.
    .testTarget(name: "SampleTests", dependencies: ["FrameSources", "TestSupport"]),
]

// MARK: - Test support (TEST ONLY: not for users; products only because the tests load or run them)
//
// V4L2StandIn: a userspace stand-in for a V4L2 camera driver, loaded with LD_PRELOAD by the camera
// tests (a dynamic library, hence a product). camera-probe: an executable the camera tests run.

package.products += [
    // TEST ONLY: preloaded by Tests/TestSupport/StandInCamera.swift; never link it into a program.
    .library(name: "V4L2StandIn", type: .dynamic, targets: ["V4L2StandIn"]),
]
package.targets += [
    .target(
        name: "V4L2StandIn",
        linkerSettings: [.linkedLibrary("avcodec"), .linkedLibrary("avutil"), .linkedLibrary("dl")]
    ),
    // TEST ONLY: opens a camera through the production code path and prints what it sees, for the
    // integration tests that check the camera path in a process of its own.
    .executableTarget(name: "camera-probe", dependencies: ["BarcodeTracking", "FrameSources"]),
]

// MARK: - Samples (small programs to copy from)

package.targets += [
    .executableTarget(name: "pallet-counter", dependencies: ["BarcodeTracking", "BarcodeEngine", "FrameSources", "SyntheticScenes", "PalletStation"],
                      path: "Samples/pallet-counter"),
    .executableTarget(name: "overlay-labels", dependencies: ["BarcodeTracking", "BarcodeEngine", "BarcodeAnnotation", "FrameSources", "SyntheticScenes"],
                      path: "Samples/overlay-labels"),
    .executableTarget(name: "live-view", dependencies: ["BarcodeTracking", "BarcodeEngine", "FrameSources", "SyntheticScenes", "LiveView"],
                      path: "Samples/live-view"),
]

// MARK: - Argument parsers and fuzzing (issue 13: reliability)

package.targets += [
    // track's --overlay and --margins parsers, a library of their own so that a fuzz harness reaches them.
    .target(name: "TrackArguments", dependencies: ["BarcodeTracking"]),
    // libFuzzer harnesses (Tests/Fuzz/run builds them with -sanitize=fuzzer,address -DFUZZING);
    // a plain build gives each a main that replays the files it is given.
    .target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport"),
    .executableTarget(name: "fuzz-media-file", dependencies: ["FuzzSupport", "BarcodeTracking", "FrameSources"],
                      path: "Tests/Fuzz/fuzz-media-file"),
    .executableTarget(name: "fuzz-image-file", dependencies: ["FuzzSupport", "BarcodeTracking", "FrameSources"],
                      path: "Tests/Fuzz/fuzz-image-file"),
    .executableTarget(name: "fuzz-barcode-reader", dependencies: ["FuzzSupport", "BarcodeTracking", "BarcodeDecoding", "CZXingAssertionGuard"],
                      path: "Tests/Fuzz/fuzz-barcode-reader"),
    .executableTarget(name: "fuzz-track-arguments", dependencies: ["FuzzSupport", "BarcodeTracking", "TrackArguments"],
                      path: "Tests/Fuzz/fuzz-track-arguments"),
]
package.targets.first { $0.name == "track" }?.dependencies.append("TrackArguments")

// MARK: - Shared settings

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
package.swiftLanguageModes = [.v6]
package.cxxLanguageStandard = .cxx17
