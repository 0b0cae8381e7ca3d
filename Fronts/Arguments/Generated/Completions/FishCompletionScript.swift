/// `loans completions fish`: `complete` lines for fish, written from a program's description.
/// Loan ids come with their titles as descriptions.
struct FishCompletionScript {
    let program: ProgramDescription

    /// How the script's functions' names start: `__loans`.
    private var prefix: String { "__" + program.name }

    func render() -> String {
        let name = program.name
        var out = [
            program.heading(.fish),
            "function \(prefix)_words --description 'The \(name) command being typed and the arguments after it, options left out'",
            "    set -l words (commandline -opc)",
            "    set -e words[1]",
            "    set -l skip 0",
            "    set -l ended 0",
            "    set -l command",
            "    for word in $words",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        if test $ended = 0",
            "            switch $word",
            "                case --",
            "                    set ended 1",
            "                    continue",
            "                case '-*'",
            "                    \(prefix)_takes_value \"$command\" $word; and set skip 1",
            "                    continue",
            "            end",
            "        end",
            "        test -z \"$command\"; and set command $word",
            "        echo $word",
            "    end",
            "end",
            "function \(prefix)_takes_value --description 'Whether the option (of the command, if any) takes a value'",
            "    switch \"$argv[1]:$argv[2]\"",
            "        case \(valuePatterns.joined(separator: " "))",
            "            return 0",
            "    end",
            "    return 1",
            "end",
            "function \(prefix)_command --description 'The \(name) command being typed, if any'",
            "    set -l words (\(prefix)_words)",
            "    test (count $words) -gt 0; or return 1",
            "    echo $words[1]",
            "end",
            "function \(prefix)_using --description 'Whether the command being typed is one of these'",
            "    set -l command (\(prefix)_command)",
            "    and contains -- $command $argv",
            "end",
            "function \(prefix)_at --description 'Whether the word being typed is the command\\'s argument N (from 0), after WORD if given'",
            "    set -l words (\(prefix)_words)",
            "    test (count $words) -eq (math $argv[1] + 1); or return 1",
            "    test (count $argv) -lt 2; or test \"$words[-1]\" = $argv[2]",
            "end",
            "complete -c \(name) -f",
        ]
        for command in program.commands {
            for word in command.names {
                out.append("complete -c \(name) -n 'not \(prefix)_command' -a \(word) -d \(Self.quoted(command.abstract))")
            }
        }
        for option in program.globalOptions {
            out.append("complete -c \(name)" + Self.flags(option) + value(option) + " -d " + Self.quoted(option.help))
        }
        for command in program.commands {
            let condition = " -n " + Self.quoted("\(prefix)_using " + command.names.joined(separator: " "))
            for option in command.options {
                out.append("complete -c \(name)" + condition + Self.flags(option) + value(option) + " -d " + Self.quoted(option.help))
            }
            for (index, positional) in command.positionals.enumerated() {
                let offered = action(CompletionAction(positional.kind), option: false)
                guard !offered.isEmpty else { continue }
                let place = "\(prefix)_using \(command.names.joined(separator: " ")); and \(prefix)_at \(index)" + (positional.completedAfter.map { " " + $0 } ?? "")
                out.append("complete -c \(name) -n " + Self.quoted(place) + offered)
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `command:option` patterns of every option that takes a value (`'*:--db'` for the global
    /// ones): the word after it is its value, not an argument.
    private var valuePatterns: [String] {
        var patterns = program.globalOptions.filter { $0.kind != .flag }.flatMap(\.spellings).map { Self.quoted("*:" + $0) }
        for command in program.commands {
            for option in command.options where option.kind != .flag {
                patterns += command.names.map { "\($0):\(option.name)" }
            }
        }
        return patterns
    }

    /// ` -s h -l help`.
    private static func flags(_ option: OptionDeclaration) -> String {
        option.spellings.map { $0.hasPrefix("--") ? " -l " + $0.dropFirst(2) : " -s " + $0.dropFirst() }.joined()
    }

    /// What an option takes: nothing for a flag, else its value's action.
    private func value(_ option: OptionDeclaration) -> String {
        option.kind == .flag ? "" : action(CompletionAction(option.kind), option: true)
    }

    /// What fish offers: `-x -a '…'` for values, `-r -F` for files; nothing for a flag.
    private func action(_ action: CompletionAction, option: Bool) -> String {
        let takes = option ? " -x" : " -f"
        switch action {
        case .none: return option ? " -x" : ""
        case .files: return option ? " -r -F" : " -F"
        case .ids(let loans): return takes + " -a " + Self.quoted("(\(program.name) \(program.completer) \(CompletionCandidates(loans).rawValue) fish)")
        case .names: return takes + " -a " + Self.quoted("(\(program.name) \(program.completer) \(CompletionCandidates.names.rawValue) fish)")
        case .words(let words): return takes + " -a " + Self.quoted(words.joined(separator: " "))
        case .commands: return takes + " -a " + Self.quoted(program.commandNames.joined(separator: " "))
        }
    }

    /// Single-quoted for fish: `\` and `'` escaped.
    private static func quoted(_ text: String) -> String {
        var out = "'"
        for character in text {
            if character == "\\" || character == "'" { out.append("\\") }
            out.append(character)
        }
        return out + "'"
    }
}
