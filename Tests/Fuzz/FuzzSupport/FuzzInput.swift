import Glibc

/// What the libFuzzer harnesses under Tests/Fuzz share: the replay entry point of
/// their plain (non-fuzzing) builds, and a scratch file for the readers that take paths.
public enum FuzzInput {
    /// The body of a harness's `main`: hands `test` to libFuzzer's driver in the fuzzing
    /// build (`-DFUZZING -sanitize=fuzzer`), or replays the files named on the command
    /// line with ``replay(_:harness:_:)`` in a plain build. Never returns.
    ///
    /// The harness keeps its own `@main` (rather than libFuzzer's `main`) because SwiftPM
    /// links every executable target with `main` bound to the module's entry point.
    public static func main(harness: String, _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
        #else
        exit(replay(Array(CommandLine.arguments.dropFirst()), harness: harness) { bytes in
            _ = test(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        })
        #endif
    }

    /// Runs `body` once over the bytes of each file named in `arguments` (a directory
    /// stands for every regular file directly inside it), the way libFuzzer would run
    /// `LLVMFuzzerTestOneInput`; prints one line per file, then a total.
    ///
    /// This is the `main` of a harness built without `-DFUZZING`: a corpus, or a crashing
    /// input that libFuzzer saved, replays under a debugger or the plain test build.
    /// - Returns: the exit status: 0, or 66 when a file cannot be read, 64 without arguments.
    public static func replay(_ arguments: [String], harness: String, _ body: (UnsafeRawBufferPointer) -> Void) -> Int32 {
        guard !arguments.isEmpty else {
            print("usage: \(harness) FILE_OR_DIRECTORY... (replays inputs; build with -DFUZZING and -sanitize=fuzzer to fuzz, see Tests/Fuzz/run)")
            return 64
        }
        var count = 0
        for path in arguments.flatMap(files(at:)) {
            guard let bytes = contents(of: path) else {
                print("\(harness): cannot read \(path)")
                return 66
            }
            bytes.withUnsafeBytes { body($0) }
            print("\(harness): ran \(path) (\(bytes.count) bytes)")
            count += 1
        }
        print("\(harness): \(count) input(s) replayed")
        return 0
    }

    /// Writes `bytes` to this process's scratch file for `harness`, ending in `suffix`
    /// (FFmpeg picks some demuxers by extension), and returns its path.
    ///
    /// One file per process, harness and suffix, rewritten for each input: libFuzzer's
    /// workers are processes, so they never share one. In `$TMPDIR`, else /tmp.
    public static func scratchFile(_ bytes: UnsafeRawBufferPointer, harness: String, suffix: String) -> String {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(directory)/\(harness)-\(getpid())\(suffix)"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("\(harness): cannot create the scratch file \(path) (errno \(errno))") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let n = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            guard n > 0 else { fatalError("\(harness): cannot write the scratch file \(path) (errno \(errno))") }
            written += n
        }
        return path
    }

    private static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            var status = stat()
            let full = "\(path)/\(name)"
            if stat(full, &status) == 0, status.st_mode & S_IFMT == S_IFREG { names.append(full) }
        }
        return names.sorted()
    }

    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }
}

#if FUZZING
/// libFuzzer's entry point for programs that have their own `main` (compiler-rt's
/// FuzzerInterface.h): parses libFuzzer's flags from `argv` and runs `test`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
