import LoansCore

/// The words of one invocation sorted by the declarations: global options (before or after the
/// command), the command, its options and its positional arguments, each value still the bytes
/// typed. `--name=value` and `--name value` are the same; `--` ends the options, as POSIX says,
/// wherever it stands. Nothing is interpreted yet except which declaration each word belongs to.
package struct ArgumentWords {
    package var globals = ByName<Word>()
    package var command: CommandDeclaration?
    package var options = ByName<Word>()
    package var positionals: [Word] = []
    /// The words after a program option's program (`--exec PROGRAM ARG…`): its own, never read.
    package var programArguments: [Word] = []

    /// The global option that asks for help (`-h`/`--help`).
    private let help: OptionDeclaration

    /// Whether help was asked for.
    package var helping: Bool { globals[help.name] != nil }

    /// Sorts `words` (without the program name) by `globalOptions` (`help` among them) and the
    /// commands' declarations; `lookup` finds a command by any of its names, `commandNames`
    /// lists them all for a suggestion.
    package init(
        _ words: [Word], globalOptions: [OptionDeclaration], help: Flag, lookup: (String) -> CommandDeclaration?,
        commandNames: () -> [String]
    ) throws(UsageError) {
        self.help = help.declaration
        var index = 0
        var optionsEnded = false
        func usage(_ message: String) -> UsageError { UsageError(message, usage: command?.synopsis) }
        while index < words.count {
            let word = words[index]
            index += 1
            let isOption = !optionsEnded && word.hasPrefix("-") && word.bytes.count > 1
            if !isOption {
                if command == nil {
                    let name = word.text ?? word.shown
                    guard let found = lookup(name) else {
                        let hint = Suggestion.nearest(to: name, among: commandNames()).map { "; did you mean \(Quoted($0))?" } ?? ""
                        throw usage("unknown command \(Quoted(word.shown))\(hint)")
                    }
                    command = found
                } else {
                    positionals.append(word)
                }
                continue
            }
            if word.bytes == Array("--".utf8) {
                optionsEnded = true
                continue
            }
            let (nameWord, inline) = word.inlineValue.map { ($0.name, Optional($0.value)) } ?? (word, nil)
            let name = nameWord.text ?? nameWord.shown
            let declaration: OptionDeclaration
            let global: Bool
            if let found = globalOptions.first(where: { $0.spellings.contains(name) }) {
                (declaration, global) = (found, true)
            } else if let found = command?.option(name) {
                (declaration, global) = (found, false)
            } else {
                let known = globalOptions.map(\.name) + (command?.options.map(\.name) ?? [])
                let scope = command.map { " for '\($0.name)'" } ?? ""
                let hint = Suggestion.nearest(to: name, among: known).map { "; did you mean \(Quoted($0))?" } ?? ""
                throw usage("unknown option \(Quoted(name))\(scope)\(hint)")
            }
            let value: Word
            if declaration.kind == .flag {
                guard inline == nil else { throw usage("option \(declaration.name) takes no value") }
                value = Word([])
            } else if let inline {
                value = inline
            } else {
                guard index < words.count else { throw usage("option \(declaration.name) needs a value") }
                value = words[index]
                index += 1
            }
            guard (global ? globals : options)[declaration.name] == nil else {
                throw usage("option \(declaration.name) is given twice")
            }
            if global { globals[declaration.name] = value } else { options[declaration.name] = value }
            if declaration.kind == .program {
                programArguments = Array(words[index...])
                index = words.count
            }
        }
        if let command, !helping { try check(command) }
    }

    /// The number of positionals and the rules of the command's options.
    private func check(_ command: CommandDeclaration) throws(UsageError) {
        func usage(_ message: String) -> UsageError { UsageError(message, usage: command.synopsis) }
        let count = command.positionalCount
        if positionals.count < count.lowerBound { throw usage("'\(command.name)' is missing an argument") }
        if positionals.count > count.upperBound {
            throw usage("unexpected argument \(Quoted(positionals[count.upperBound].shown)) for '\(command.name)'")
        }
        if let violation = OptionRule.violation(of: command.rules, given: { options[$0.name] != nil }, who: "'\(command.name)'") {
            throw usage(violation)
        }
    }

    /// "a and b", "a, b and c".
    package static func list(_ items: [String], or: Bool = false) -> String {
        guard let last = items.last else { return "" }
        let joiner = or ? " or " : " and "
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + joiner + last
    }
}
