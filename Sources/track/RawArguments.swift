import Foundation
import FrameSources

/// File names as the kernel passed them on the command line.
///
/// `CommandLine.arguments`, and so every value ArgumentParser hands over, is a `String`: a byte
/// that is not valid UTF-8 has already become U+FFFD there, and a file named in Latin-1
/// (`caf\xE9.png`) could no longer be opened. This maps such a value back to the argument's
/// original bytes so that it opens; a value that is valid UTF-8 is used as it is.
enum RawArguments {
    /// The exact paths behind `values`, which ArgumentParser parsed from the command line in this
    /// order (the values of one option, or the positional arguments). A value without U+FFFD is its
    /// own path; one with it is matched, in order, against the raw arguments (`VALUE` or
    /// `--option=VALUE`) that decode to it.
    static func paths(_ values: [String]) -> [MediaPath] {
        var raw = rawArguments().makeIterator()
        return values.map { value in
            guard value.unicodeScalars.contains("\u{FFFD}") else { return MediaPath(value) }
            while let argument = raw.next() {
                for candidate in candidates(argument) where String(decoding: candidate, as: UTF8.self) == value {
                    if let path = try? MediaPath(bytes: candidate) { return path }
                }
            }
            return MediaPath(value)
        }
    }

    /// The exact path behind one parsed value (see ``paths(_:)``).
    static func path(_ value: String) -> MediaPath { paths([value])[0] }

    /// The arguments after the program name, as bytes.
    private static func rawArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return nil }
            return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
    }

    /// The whole argument, and for `--name=value` the value.
    private static func candidates(_ argument: [UInt8]) -> [ArraySlice<UInt8>] {
        var result = [argument[...]]
        if argument.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]),
           let equals = argument.firstIndex(of: UInt8(ascii: "=")) {
            result.append(argument[(equals + 1)...])
        }
        return result
    }
}
