@testable import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import Glibc
import Testing
import TestSupport

/// Reads in reader processes (the built `track`, started as `track --zxing-read-worker PID`).
@Suite(.needsSharedData)
struct ReadIsolationTests {
    static func isolation(timeout: ReadIsolation.Timeout = ReadIsolation.Timeout()) throws -> ReadIsolation {
        try ReadIsolation(command: [TrackProcess.executable.path], timeout: timeout)
    }

    /// A reader with the video options whose reads all run in `isolation`'s processes.
    static func reader(_ isolation: ReadIsolation) throws -> BarcodeReader {
        var options = DecoderOptions.video
        options.isolation = isolation
        return try BarcodeReader(options: options)
    }

    /// The first image of a sample folder that zxing-cpp reads codes from with the video options.
    static func image(_ folder: String) throws -> LumaImage {
        for url in SampleCorpus.images(in: folder) {
            let image = try ImageFile.load(path: url.path)
            if try !ZXing.read(image, region: nil, options: .video).symbols.isEmpty { return image }
        }
        throw DecodingError(.invalidArgument, "no image of \(folder) reads with the video options")
    }

    /// Whether process `pid` exists (a zombie counts: it has not been reaped).
    static func exists(_ pid: pid_t) -> Bool { FileManager.default.fileExists(atPath: "/proc/\(pid)") }

    @Test("A request and a response cross the socket's encoding unchanged, and a cut message is refused")
    func wireRoundTrip() throws {
        let photo = try Self.image("qrcode-2")
        // A crop of a photo, and an image with row padding: the request packs the rows tightly.
        let crop = try #require(ZXing.crop(Rect(x: 10.5, y: 20, width: 300, height: 200), in: photo))
        let padded = try LumaImage(width: 5, height: 3, bytesPerRow: 8, pixels: Array(0..<24))
        let whole = ZXing.Crop(x: 0, y: 0, width: 5, height: 3)
        var shipped = DecoderOptions(symbologies: [.pdf417, .ean13], maxSymbols: 4)
        shipped.zxingBinarizer = true
        for (image, part, options) in [(photo, crop, DecoderOptions.thorough), (padded, whole, shipped)] {
            let request = ReadRequest(image: image, crop: part, options: options)
            let decoded = try ReadRequest(decoding: request.encoded())
            // Encoded again into the first message's buffer: the same storage, the same bytes.
            let first = request.encoded(), storage = first.withUnsafeBytes { $0.baseAddress }
            let again = request.encoded(reusing: consume first)
            #expect(again == request.encoded() && again.withUnsafeBytes { $0.baseAddress } == storage)
            #expect(decoded.options == options)
            #expect(decoded.image.width == part.width && decoded.image.height == part.height)
            #expect((0..<part.height).allSatisfy { y in
                (0..<part.width).allSatisfy { decoded.image[$0, y] == image[part.x + $0, part.y + y] }
            })
        }
        let (symbols, warning) = try ZXing.read(photo, region: nil, options: .thorough)
        #expect(!symbols.isEmpty)
        let answered = ReadResponse(.success((symbols, "a warning")))
        let back = try ReadResponse(decoding: answered.encoded()).outcome.get()
        #expect(back.symbols == symbols && back.warning == "a warning" && warning == nil)
        let failed = ReadResponse(.failure(DecodingError(.invalidArgument, "too wide")))
        #expect(throws: DecodingError(.invalidArgument, "too wide")) { try ReadResponse(decoding: failed.encoded()).outcome.get() }
        let bytes = answered.encoded()
        #expect(throws: WireReader.Malformed.self) { try ReadResponse(decoding: Array(bytes.dropLast())) }
        #expect(throws: WireReader.Malformed.self) { try ReadResponse(decoding: bytes + [0]) }
    }

    @Test("A request whose pixels are in shared memory carries only its header; the reader's view of that memory gives back the crop, also after the object grew, and refuses a request larger than it")
    func sharedPixels() throws {
        let photo = try Self.image("qrcode-2")
        let shared = try #require(SharedPixels(), "this system has POSIX shared memory (/dev/shm)")
        var view: SharedPixels.View? = SharedPixels.View(descriptor: shared.descriptor)
        let small = try #require(ZXing.crop(Rect(x: 10, y: 20, width: 30, height: 20), in: photo))
        let whole = ZXing.Crop(x: 0, y: 0, width: photo.width, height: photo.height)
        for part in [small, whole] {
            let request = ReadRequest(image: photo, crop: part, options: .video)
            #expect(shared.write(photo, crop: part))
            let message = request.encoded(pixelsShared: true)
            #expect(message.count < 200, "\(message.count) bytes")
            let decoded = try ReadRequest(decoding: message, shared: &view)
            #expect(decoded.options == .video && decoded.image.width == part.width && decoded.image.height == part.height)
            #expect((0..<part.height).allSatisfy { y in (0..<part.width).allSatisfy { decoded.image[$0, y] == photo[part.x + $0, part.y + y] } })
            // Without a view (a reader that was given none), such a request is malformed.
            var none: SharedPixels.View?
            #expect(throws: WireReader.Malformed.self) { try ReadRequest(decoding: message, shared: &none) }
        }
        // The reader's number for the object is never the reader program's own descriptor
        // (exec opens `/proc/self/fd/N` after the descriptors are set up) nor the object's here.
        #expect(shared.descriptorInReader(startedFrom: "/usr/bin/zxing-reader") == (shared.descriptor == 3 ? 4 : 3))
        for program in 3...5 {
            let number = shared.descriptorInReader(startedFrom: "/proc/self/fd/\(program)")
            #expect(number >= 3 && number != program && number != shared.descriptor)
        }
        // A request for more pixels than the object holds.
        let huge = try LumaImage(width: 4000, height: 3000, pixels: [UInt8](repeating: 7, count: 12_000_000))
        let tooLarge = ReadRequest(image: huge, options: .video).encoded(pixelsShared: true)
        #expect(throws: WireReader.Malformed.self) { try ReadRequest(decoding: tooLarge, shared: &view) }
    }

    @Test("Reads in reader processes find exactly what reads in this process find, regions included",
          arguments: ["qrcode-2", "pdf417-1", "ean13-1", "datamatrix-1", "aztec-1", "code128-1"])
    func sameResults(folder: String) throws {
        let isolation = try Self.isolation()
        var options = DecoderOptions.video
        let local = try BarcodeReader(options: options)
        options.isolation = isolation
        let isolated = try BarcodeReader(options: options)
        for url in SampleCorpus.images(in: folder).prefix(4) {
            let image = try ImageFile.load(path: url.path)
            let half = Rect(x: Double(image.width) / 4 + 0.5, y: 3, width: Double(image.width) / 2, height: Double(image.height))
            for region in [nil, half] {
                let expected = try local.read(image, region: region), got = try isolated.read(image, region: region)
                #expect(got == expected, "\(url.lastPathComponent) \(String(describing: region))")
            }
        }
        #expect(isolation.idleProcessIDs.count == 1, "reads one after another share one process")
        // Its CPU time counts (bench adds it to the engine's), and stays counted once the process ended.
        let used = isolation.readerProcessorTime
        #expect(used > .milliseconds(1))
        kill(try #require(isolation.idleProcessIDs.first), SIGKILL)
        _ = try isolated.read(try ImageFile.load(path: SampleCorpus.images(in: folder)[0].path))
        #expect(isolation.readerProcessorTime > used)
    }

    @Test("Reader processes' CPU time counts a process while it reads: it never goes down when a read is sent")
    func processorTimeWhileReading() throws {
        let isolation = try Self.isolation()
        let reader = try Self.reader(isolation)
        let image = try Self.image("pdf417-1")
        _ = try reader.read(image)
        let before = isolation.readerProcessorTime
        #expect(before > .zero)
        let pending = try #require(reader.start(image))
        // The idle process is out reading now; its time so far still counts.
        #expect(isolation.readerProcessorTime >= before)
        _ = try pending.finish()
        #expect(isolation.readerProcessorTime > before)
    }

    @Test("Reads started at once run in reader processes of their own while this thread reads, and find what reads in this process find; one dropped unfinished has its process killed")
    func startedReads() throws {
        let isolation = try Self.isolation()
        let reader = try Self.reader(isolation), local = try BarcodeReader(options: .video)
        let images = try ["qrcode-2", "pdf417-1", "ean13-1"].map(Self.image)
        do {
            let started = images.map { reader.start($0) }
            // This thread reads too while the reader processes read: what each of them must find.
            let expected = try images.map { try local.read($0) }
            for (read, wanted) in zip(started, expected) {
                let report = try #require(read).finish()
                #expect(!report.detections.isEmpty && report == wanted)
            }
        }
        #expect(isolation.idleProcessIDs.count == 3, "three reads at once, three processes")
        // The next read takes the last idle process; dropped before its answer was taken, that
        // process (maybe still reading) is killed and reaped, and the other two stay.
        let taken = try #require(isolation.idleProcessIDs.last)
        do {
            let unfinished = reader.start(images[1])
            #expect(unfinished != nil && !isolation.idleProcessIDs.contains(taken))
        }
        #expect(!Self.exists(taken))
        #expect(isolation.idleProcessIDs.count == 2)
        let next = try reader.read(images[1]), expected = try local.read(images[1])
        #expect(next == expected)
        #expect(local.start(images[0]) == nil, "a reader that reads in this process starts nothing")
    }

    @Test("A reader process that stops answering costs that one read, with a warning; it is killed and the next read works")
    func stuckProcess() throws {
        let isolation = try Self.isolation(timeout: ReadIsolation.Timeout(base: 0.5, perMegapixel: 0))
        let reader = try Self.reader(isolation)
        let image = try Self.image("qrcode-2")
        let first = try reader.read(image)
        #expect(!first.detections.isEmpty && first.warnings.isEmpty)
        let pid = try #require(isolation.idleProcessIDs.first)
        // Stopped, it reads nothing and answers nothing: a zxing-cpp call that never returns, as seen from outside.
        kill(pid, SIGSTOP)
        let started = ContinuousClock.now
        let lost = try reader.read(image)
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(lost.detections.isEmpty)
        #expect(lost.warnings.count == 1 && lost.warnings[0].contains("did not finish reading"), "\(lost.warnings)")
        #expect(!Self.exists(pid), "the stuck process is killed and reaped")
        #expect(try reader.read(image) == first)
    }

    @Test("A reader process that crashes during a read costs that read, with a warning naming the signal; the next read works")
    func crashDuringRead() throws {
        let isolation = try Self.isolation()
        let reader = try Self.reader(isolation)
        let image = try Self.image("qrcode-2")
        let first = try reader.read(image)
        let pid = try #require(isolation.idleProcessIDs.first)
        // Stopped, the process cannot read the request; the SIGSEGV waiting for it when it continues is
        // what a zxing-cpp crash looks like from here: the request was delivered, the answer never comes.
        kill(pid, SIGSTOP)
        let crash = Thread {
            usleep(500_000)
            kill(pid, SIGSEGV)
            kill(pid, SIGCONT)
        }
        crash.start()
        let lost = try reader.read(image)
        #expect(lost.detections.isEmpty)
        #expect(lost.warnings.count == 1 && lost.warnings[0].contains("killed by signal 11"), "\(lost.warnings)")
        #expect(!Self.exists(pid))
        #expect(try reader.read(image) == first)
    }

    @Test("A reader process killed between reads is replaced, and the read it would have made is not lost")
    func processKilledWhileIdle() throws {
        let isolation = try Self.isolation()
        let reader = try Self.reader(isolation)
        let image = try Self.image("pdf417-1")
        let first = try reader.read(image)
        #expect(!first.detections.isEmpty)
        let pid = try #require(isolation.idleProcessIDs.first)
        kill(pid, SIGKILL)
        // Dead (waited for, not reaped: the isolation reaps it) before the next read; a kill
        // during a read loses that read.
        var info = siginfo_t()
        #expect(waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == 0)
        let second = try reader.read(image)
        #expect(second == first, "\(second.warnings)")
        #expect(!Self.exists(pid), "the killed process is reaped")
        #expect(isolation.idleProcessIDs.count == 1 && isolation.idleProcessIDs != [pid])
    }

    @Test("Reader processes end when their isolation is released")
    func processesEndWithTheIsolation() throws {
        var isolation: ReadIsolation? = try Self.isolation()
        _ = try Self.reader(isolation!).read(try Self.image("qrcode-2"))
        let pid = try #require(isolation?.idleProcessIDs.first)
        #expect(Self.exists(pid))
        isolation = nil
        #expect(!Self.exists(pid))
    }

    @Test("By default the reader processes run zxing-reader from beside the program, and read what this process reads")
    func readerProgramBesideTheProgram() throws {
        // The test bundle is built beside zxing-reader, as track is.
        let isolation = try ReadIsolation()
        #expect(isolation.command == [TrackProcess.executable(named: ReadIsolation.readerProgramName).resolvingSymlinksInPath().path])
        let image = try Self.image("qrcode-2")
        let isolated = try Self.reader(isolation).read(image)
        #expect(isolated == (try BarcodeReader(options: .video).read(image)) && !isolated.detections.isEmpty, "\(isolated.warnings)")
        let pid = try #require(isolation.idleProcessIDs.first)
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(program.hasSuffix("/" + ReadIsolation.readerProgramName), "\(program)")
    }

    @Test("A reader program started with another build's message version refuses to serve, with its own exit status",
          arguments: [ReadIsolation.readerProgramName, "track"])
    func otherBuildRefused(program: String) throws {
        let run = try TrackProcess.run([ReadIsolation.workerArgument, String(getpid()), "0"], program: program)
        #expect(run.status == ReadIsolation.wireMismatchStatus && run.stderr.contains("another build"), "\(run.stderr)")
    }

    @Test("An isolation whose reader cannot start reads in this process and says so once")
    func unstartableReader() throws {
        let isolation = try ReadIsolation(command: ["/nonexistent/reader"])
        let reader = try Self.reader(isolation)
        let image = try Self.image("qrcode-2")
        let expected = try BarcodeReader(options: .video).read(image)
        let first = try reader.read(image)
        #expect(first.detections == expected.detections)
        #expect(first.warnings.count == 1 && first.warnings[0].contains("/nonexistent/reader"), "\(first.warnings)")
        #expect(try reader.read(image) == expected)
    }
}
