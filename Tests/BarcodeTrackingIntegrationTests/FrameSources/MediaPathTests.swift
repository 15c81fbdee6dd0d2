import Foundation
import TestSupport
import Testing
import BarcodeTracking
import FrameSources
import SyntheticScenes

/// File names that are not valid UTF-8, opened through ``MediaPath``.
struct MediaPathTests {
    /// A fresh folder's path as bytes, and a file in it named by `name` (raw bytes) holding `contents`.
    static func writeFile(named name: [UInt8], contents: [UInt8]) throws -> (directory: URL, path: [UInt8]) {
        let directory = try TemporaryFiles.directory()
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        #expect(written == contents.count)
        return (directory, path)
    }

    /// "café" in Latin-1: 0xE9 alone is not UTF-8.
    static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".pgm".utf8)

    @Test("A still image named in Latin-1 opens with ImageFile and MediaFileSource")
    func latin1NameOpens() throws {
        let pixels: [UInt8] = [10, 250, 30, 40, 50, 60]
        let (directory, path) = try Self.writeFile(named: Self.latin1Name,
                                                   contents: TestImages.pgm(width: 3, height: 2, pixels: pixels))
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try MediaPath(bytes: path)
        #expect(!file.isValidUTF8)
        #expect(try ImageFile.load(file: file).pixels == pixels)
        let source = try MediaFileSource(file: file)
        #expect(try source.nextFrame()?.image.pixels == pixels)
        #expect(source.path.hasSuffix("caf\\xE9.pgm"))
        // The String the command line would have given (U+FFFD for the byte) names no file.
        let repaired = #expect(throws: SourceError.self) { try ImageFile.load(path: file.string) }
        #expect(repaired?.code == .notFound)
    }

    @Test("A photo named in Latin-1 makes a photo scene", .needsSharedData)
    func latin1PhotoOpens() throws {
        let photo = try Data(contentsOf: SharedData.samples.appendingPathComponent("qrcode-1/1.png"))
        let (directory, path) = try Self.writeFile(named: [0xE9] + Array(".png".utf8),
                                                   contents: Array(photo))
        defer { try? FileManager.default.removeItem(at: directory) }
        var camera = PhotoSceneConfiguration()
        camera.frameCount = 2
        let scene = try PhotoScene(photoFiles: [try MediaPath(bytes: path)], configuration: camera)
        #expect(scene.photos == [try MediaPath(bytes: path).description])
        #expect(scene.photos[0].hasSuffix("/\\xE9.png"))
    }

    @Test("Messages print a name that is not UTF-8 safely: \\xNN for bad bytes, control characters escaped")
    func messagesPrintNamesSafely() throws {
        let name: [UInt8] = Array("/nowhere/a".utf8) + [0xFF, 0x1B] + Array("[31m\tb\n.png".utf8)
        let file = try MediaPath(bytes: name)
        #expect(file.description == "/nowhere/a\\xFF\\x1B[31m\\tb\\n.png")
        let error = #expect(throws: SourceError.self) { try ImageFile.load(file: file) }
        #expect(error?.code == .notFound)
        #expect(error?.message.contains("/nowhere/a\\xFF\\x1B[31m\\tb\\n.png") == true)
        #expect(error?.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } == true)
    }

    @Test("Valid UTF-8 names print unchanged; a NUL byte is refused")
    func validNamesAndNUL() throws {
        #expect(MediaPath("étiquettes/палета 1.png").description == "étiquettes/палета 1.png")
        #expect(MediaPath("étiquettes/палета 1.png").isValidUTF8)
        #expect(MediaPath(#"C:\x41"#).description == #"C:\\x41"#)
        let error = #expect(throws: SourceError.self) { try MediaPath(bytes: Array("a\u{0}b".utf8)) }
        #expect(error?.code == .invalidArgument)
    }
}
