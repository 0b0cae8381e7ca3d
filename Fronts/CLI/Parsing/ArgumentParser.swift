import LoansCore

/// What a command accepts: its options (a flag, or an option that takes a value) and how many
/// positional arguments.
struct CommandSpec {
    /// A flag; an option with a value; or an option whose value is a program that takes every
    /// word after it as its own arguments (`--exec PROGRAM [ARG…]`).
    enum Arity { case flag, value, program }

    let name: String
    let options: [String: Arity]
    let positionals: ClosedRange<Int>
    let usage: String
    /// What `loans help COMMAND` says after the usage line.
    let detail: String
}

/// The global options, accepted before or after the subcommand.
enum GlobalOption {
    static let all: [String: CommandSpec.Arity] = [
        "--db": .value, "--fixture": .value, "--today": .value, "--window": .value,
        "--demo": .flag, "--help": .flag, "-h": .flag, "--version": .flag,
    ]
}

/// The raw words of one invocation, split into global options, the command's name, its
/// options and its positional arguments. Values are kept as typed; nothing is interpreted yet.
struct RawInvocation {
    var globals: [String: String] = [:]
    var command: String?
    var options: [String: String] = [:]
    var positionals: [String] = []
    /// The words after a program option's program: its arguments, never read by loans.
    var programArguments: [String] = []

    /// Splits `arguments` (without the program name). `spec` looks up a command by name.
    static func parse(_ arguments: [String], spec: (String) -> CommandSpec?) throws(CLIError) -> RawInvocation {
        var raw = RawInvocation()
        var current: CommandSpec?
        var index = 0
        var onlyPositionals = false
        func value(for option: String, inline: String?) throws(CLIError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else {
                throw .usage("option \(option) needs a value", current?.usage)
            }
            return arguments[index]
        }
        while index < arguments.count {
            let word = arguments[index]
            defer { index += 1 }
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                if current == nil, !onlyPositionals {
                    guard let found = spec(word) else { throw .usage("unknown command \(Quoted(word))", nil) }
                    current = found
                    raw.command = word
                } else {
                    raw.positionals.append(word)
                }
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inline) = split(word)
            if let arity = GlobalOption.all[name] {
                guard raw.globals[name] == nil else { throw .usage("option \(name) is given twice", current?.usage) }
                if arity == .flag, inline != nil { throw .usage("option \(name) takes no value", current?.usage) }
                raw.globals[name] = arity == .flag ? "" : try value(for: name, inline: inline)
                continue
            }
            guard let command = current, let arity = command.options[name] else {
                let scope = current.map { " for '\($0.name)'" } ?? ""
                throw .usage("unknown option \(Quoted(name))\(scope)", current?.usage)
            }
            guard raw.options[name] == nil else { throw .usage("option \(name) is given twice", command.usage) }
            if arity == .flag, inline != nil { throw .usage("option \(name) takes no value", command.usage) }
            raw.options[name] = arity == .flag ? "" : try value(for: name, inline: inline)
            if arity == .program {
                raw.programArguments = Array(arguments[(index + 1)...])
                index = arguments.count
            }
        }
        let helping = raw.globals["--help"] != nil || raw.globals["-h"] != nil
        if let command = current, !helping, !command.positionals.contains(raw.positionals.count) {
            let message = raw.positionals.count < command.positionals.lowerBound
                ? "'\(command.name)' is missing an argument"
                : "unexpected argument \(Quoted(raw.positionals[command.positionals.upperBound])) for '\(command.name)'"
            throw .usage(message, command.usage)
        }
        return raw
    }

    /// `--name=value` into its name and value; other words have no inline value.
    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
