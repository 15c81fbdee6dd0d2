import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The reader process's side of ``ReadIsolation``: reads requests from the socket on
/// standard input, answers each with zxing-cpp's result, and exits when the program
/// that started it closes the socket or is gone.
enum ReadWorker {
    /// Serves until `parent` is gone; requests whose pixels are shared are read from the
    /// ``SharedPixels`` object at descriptor `sharedPixels` (`nil`: none was given).
    static func serve(parent: pid_t, sharedPixels: Int32?) -> Never {
        // Descriptors the program opened without close-on-exec (an output file, a pipe) must not
        // stay open here: a pipe's reader would otherwise wait for this process too.
        for descriptor in 3..<Int32(clamping: min(sysconf(Int32(_SC_OPEN_MAX)), 65_536)) where descriptor != sharedPixels {
            close(descriptor)
        }
        var shared = sharedPixels.map { SharedPixels.View(descriptor: $0) }
        // The program that started this process handles these (a Ctrl-C reaches the whole
        // process group; the program ends its run and then closes the socket).
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { signal(signalNumber, SIG_IGN) }
        watch(parent: parent)
        // One read at a time, each allocating and freeing about the same blocks (the request,
        // zxing-cpp's binarized copies): kept in the heap, they are used again instead of being
        // mapped and faulted in afresh on every read, which cost more than the socket's copies.
        // The process's memory then stays at the largest read's (a 720p frame's: a few MB).
        // (Unless the user chose the allocator's settings in the environment.)
        AllocatorThresholds.set(map: AllocatorThresholds.mapThreshold, trim: AllocatorThresholds.trimThreshold)
        let channel = MessageSocket(descriptor: 0)
        _ = fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK)
        var message: [UInt8] = []
        while true {
            guard channel.receive(into: &message, until: nil) == .done else { exit(0) }
            let response: ReadResponse
            do {
                let request = try ReadRequest(decoding: message, shared: &shared)
                response = ReadResponse(Result { () throws(DecodingError) in
                    try ZXing.read(request.image, region: nil, options: request.options)
                })
            } catch {
                response = ReadResponse(.failure(DecodingError(.invalidArgument, "the reader process received a malformed request")))
            }
            guard channel.send(response.encoded(), until: nil) == .done else { exit(0) }
            // A still image's request is not kept for the next read, a video frame's is.
            if message.capacity > ReadIsolation.keptMessageBytes { message = [] }
        }
    }

    /// Ends this process once `parent` is gone, even while a zxing-cpp call never returns
    /// (the main thread would then never see the socket close). `getppid()` changes
    /// when the parent dies, whichever of its threads started this process.
    private static func watch(parent: pid_t) {
        DispatchQueue(label: "reader-process.parent-watch").async {
            while getppid() == parent { usleep(250_000) }
            _exit(0)
        }
    }
}
