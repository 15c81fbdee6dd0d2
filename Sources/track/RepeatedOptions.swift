import ArgumentParser
import Foundation

/// Refuses an option that takes one value when the command line gives it more than once.
///
/// ArgumentParser keeps the last value of a repeated single-valued option, so
/// `track --input a.mp4 --input b.mp4` would read b.mp4 alone and skip a.mp4 without a word
/// (likewise a second `--output`, `--fps`, …). Which options take one value is read from
/// ArgumentParser's own description of the commands (the JSON of `--experimental-dump-help`),
/// so an option added later is covered without a list to keep in step.
enum RepeatedOptions {
    /// Throws a `ValidationError` naming the first single-valued option of the command that
    /// `arguments` (without the program name) select under `root` that is given more than once.
    static func check(_ arguments: [String], root: any ParsableCommand.Type) throws {
        let tokens = Array(arguments.prefix { $0 != "--" })
        // Most command lines repeat no option name at all: no need to describe the commands.
        let named = tokens.filter { $0.hasPrefix("-") }.map { $0.split(separator: "=", maxSplits: 1)[0] }
        guard Set(named).count < named.count else { return }
        guard let command = try? commandDescription(root: root, selectedBy: tokens) else { return }
        let options = OptionTable(command)
        var values: [String: [String]] = [:]
        var order: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let parts = token.split(separator: "=", maxSplits: 1).map(String.init)
            guard token.hasPrefix("-"), let option = options.byName[parts[0]] else { continue }
            var value = parts.count == 2 ? parts[1] : nil
            if value == nil, index < tokens.count {
                value = tokens[index]
                index += 1
            }
            guard !option.isRepeating else { continue }
            if values[option.name] == nil { order.append(option.name) }
            values[option.name, default: []].append(value ?? "")
        }
        for name in order {
            guard let given = values[name], given.count > 1 else { continue }
            throw ValidationError(
                "\(name) was given \(given.count) times (\(given.map { "'\($0)'" }.joined(separator: ", "))), "
                + "but it takes one value: give it once (track \(name == "--input" ? "reads one input per run" : "would use only the last"))")
        }
    }

    /// The description of the command the leading subcommand names in `tokens` select (the
    /// default subcommand when none is named).
    private static func commandDescription(root: any ParsableCommand.Type, selectedBy tokens: [String]) throws -> [String: Any] {
        let dump = try JSONSerialization.jsonObject(with: Data(root._dumpHelp().utf8)) as? [String: Any]
        guard var command = dump?["command"] as? [String: Any] else { return [:] }
        var remaining = tokens[...]
        while let subcommands = command["subcommands"] as? [[String: Any]], !subcommands.isEmpty {
            if let first = remaining.first, let named = subcommands.first(where: { $0["commandName"] as? String == first }) {
                command = named
                remaining = remaining.dropFirst()
            } else if let name = command["defaultSubcommand"] as? String,
                      let chosen = subcommands.first(where: { $0["commandName"] as? String == name }) {
                command = chosen
            } else {
                break
            }
        }
        return command
    }

    /// A command's options (those that take a value), by every name they answer to.
    private struct OptionTable {
        struct Option {
            /// The name messages use: the first long name (`--input`).
            var name: String
            var isRepeating: Bool
        }

        var byName: [String: Option] = [:]

        init(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                    guard let text = name["name"] as? String else { return nil }
                    return (name["kind"] as? String == "long" ? "--" : "-") + text
                }
                guard let preferred = names.first(where: { $0.hasPrefix("--") }) ?? names.first else { continue }
                let option = Option(name: preferred, isRepeating: argument["isRepeating"] as? Bool ?? false)
                for name in names { byName[name] = option }
            }
        }
    }
}
