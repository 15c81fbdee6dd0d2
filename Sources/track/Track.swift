import ArgumentParser

/// `track`: follow barcodes through live video, files and synthetic scenes.
@main
struct Track: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Follow many barcodes at once through video, the MatrixScan way, with zxing-cpp.",
        subcommands: [Scan.self])
}
