// swift-tools-version: 6.1
// Benchmarks live in their own package so the root package (and its test run)
// does not depend on package-benchmark.
import PackageDescription
import struct Foundation.URL

// A path dependency's identity is its directory's name, which differs between worktrees.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "swift-barcode-tracking-benchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TrackerBenchmarks",
            dependencies: [
                .product(name: "BarcodeTracking", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "TrackerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PipelineBenchmarks",
            dependencies: [
                .product(name: "BarcodeTracking", package: rootPackage),
                .product(name: "BarcodeDecoding", package: rootPackage),
                .product(name: "BarcodeAnnotation", package: rootPackage),
                .product(name: "FrameSources", package: rootPackage),
                .product(name: "SyntheticScenes", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "PipelineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
