/// `loans completions zsh`: a `_loans` function for zsh's completion system (`compinit`),
/// written from a program's description. Loan ids come with their titles as descriptions.
package struct ZshCompletionScript {
    let program: ProgramDescription

    /// How the script's functions' names start: `_loans`.
    private var prefix: String { "_" + program.name }

    func render() -> String {
        let name = program.name
        var out = [
            "#compdef \(name)",
            program.heading(.zsh),
            "",
            "\(prefix)_loans() {",
            "    local -a ids",
            "    ids=(${(f)\"$(_call_program \(name)-ids $\(prefix)_program \(program.completer) $1 zsh 2>/dev/null)\"})",
            "    _describe -t loans 'loan' ids",
            "}",
        ]
        // One function per list of ids: _arguments calls an action with its own options first.
        for loans in LoanIDs.allCases {
            let list = CompletionCandidates(loans).rawValue
            out.append("\(prefix)_\(list)() { \(prefix)_loans \(list) }")
        }
        out += [
            "",
            "\(prefix)_names() {",
            "    local -a names",
            "    names=(${(f)\"$(_call_program \(name)-names $\(prefix)_program \(program.completer) \(CompletionCandidates.names.rawValue) zsh 2>/dev/null)\"})",
            "    _wanted names expl 'name' compadd -a names",
            "}",
            "",
            "\(prefix)_commands() {",
            "    local -a commands",
            "    commands=(",
        ]
        for command in program.commands {
            for word in command.names {
                out.append("        " + Self.quoted(Self.describeEscaped(word) + ":" + Self.describeEscaped(command.abstract)))
            }
        }
        out += [
            "    )",
            "    _describe -t commands '\(name) command' commands",
            "}",
            "",
            "\(prefix)() {",
            "    local curcontext=$curcontext state state_descr line ret=1",
            "    local \(prefix)_program=${words[1]}",
            "    local -a globals",
            "    globals=(",
        ]
        for option in program.globalOptions {
            out += spec(option, excluding: program.exclusions(option, in: nil)).map { "        " + $0 }
        }
        out += [
            "    )",
            "    _arguments -C $globals ': :\(prefix)_commands' '*:: :->argument' && ret=0",
            "    [[ $state == argument ]] || return ret",
            "    curcontext=${curcontext%:*:*}:\(name)-$words[1]:",
            "    case $words[1] in",
        ]
        for command in program.commands {
            var specs: [String] = []
            for option in command.options {
                specs += spec(option, excluding: program.exclusions(option, in: command))
            }
            for (index, positional) in command.positionals.enumerated() {
                let colons = positional.optional ? "::" : ":"
                // `line` holds the arguments typed so far: the one before this is line[index].
                let offered = action(CompletionAction(positional.kind))
                let conditional = positional.completedAfter.map { "{[[ $line[\(index)] == \($0) ]] && \(offered)}" } ?? offered
                specs.append(Self.quoted(colons + Self.describeEscaped(positional.name) + ":" + conditional))
            }
            out.append("        \(command.names.joined(separator: "|")))")
            out.append("            _arguments $globals \(specs.joined(separator: " ")) && ret=0 ;;")
        }
        out += [
            "    esac",
            "    return ret",
            "}",
            "",
            "if [[ $funcstack[1] == \(prefix) ]]; then",
            "    \(prefix) \"$@\"",
            "else",
            "    compdef \(prefix) \(name)",
            "fi",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// An `_arguments` spec for an option: `'(--from)--to=[you lent it to NAME]:NAME:_loans_names'`.
    private func spec(_ option: OptionDeclaration, excluding others: [OptionDeclaration]) -> [String] {
        let exclusion = others.isEmpty ? "" : "(" + others.map(\.name).joined(separator: " ") + ")"
        let help = "[" + Self.describeEscaped(option.help) + "]"
        let takesValue = option.kind != .flag
        let value = takesValue ? ":" + Self.describeEscaped(option.valueName) + ":" + action(CompletionAction(option.kind)) : ""
        return option.spellings.map { Self.quoted(exclusion + $0 + (takesValue ? "=" : "") + help + value) }
    }

    private func action(_ action: CompletionAction) -> String {
        switch action {
        case .none: " "
        case .files: "_files"
        case .ids(let loans): prefix + "_" + CompletionCandidates(loans).rawValue
        case .names: prefix + "_names"
        case .words(let words): "(" + words.joined(separator: " ") + ")"
        case .commands: prefix + "_commands"
        }
    }

    /// Text inside `[…]` or a `_describe` entry: `\`, `:`, `[` and `]` escaped.
    package static func describeEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\:[]".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Single-quoted for the shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
