/// `loans completions bash`: a completion function for bash (with or without the
/// bash-completion package), written from a program's description. `--name=value` completes as
/// `--name value` does: bash makes `=` a word of its own, bash-completion joins it back, and the
/// function reads the option before it either way.
struct BashCompletionScript {
    let program: ProgramDescription

    /// How the script's functions' names start: `_loans`.
    private var prefix: String { "_" + program.name }

    func render() -> String {
        var out = [
            program.heading(.bash),
            "\(prefix)_reply() {",
            "    local IFS=$' \\t\\n'",
            "    COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))",
            "}",
            "\(prefix)_files() {",
            "    local IFS=$'\\n'",
            "    COMPREPLY=($(compgen -f -- \"$cur\"))",
            "    compopt -o filenames 2>/dev/null",
            "}",
            "\(prefix)_ids() {",
            "    \(prefix)_reply \"$(\"$program\" \(program.completer) \"$1\" bash 2>/dev/null)\"",
            "}",
            "\(prefix)_names() {",
            "    local name",
            "    COMPREPLY=()",
            "    while IFS= read -r name; do",
            "        [[ $name == \"$cur\"* ]] && COMPREPLY+=(\"$(printf '%q' \"$name\")\")",
            "    done < <(\"$program\" \(program.completer) \(CompletionCandidates.names.rawValue) bash 2>/dev/null)",
            "}",
            "\(prefix)_takes_value() {",
            "    case $1:$2 in",
            "        \(valuePatterns.joined(separator: "|"))) return 0 ;;",
            "    esac",
            "    return 1",
            "}",
            "\(prefix)() {",
            "    local cur prev words cword",
            "    if declare -F _init_completion >/dev/null; then",
            "        _init_completion -n =: || return",
            "    else",
            "        words=(\"${COMP_WORDS[@]}\"); cword=$COMP_CWORD",
            "        cur=${words[cword]}; prev=${words[cword-1]}",
            "    fi",
            "    if [[ $cur == -*=* ]]; then prev=${cur%%=*}; cur=${cur#*=}",
            "    elif [[ $cur == = ]]; then cur=",
            "    elif [[ $prev == = ]]; then prev=${words[cword-2]}",
            "    fi",
            "    local program=${words[0]} command= position=0 last= ended= i word",
            "    for (( i = 1; i < cword; i++ )); do",
            "        word=${words[i]}",
            "        if [[ -z $ended && $word == -- ]]; then ended=1",
            "        elif [[ -z $ended && $word == -?* ]]; then",
            "            if [[ $word != *=* ]] && \(prefix)_takes_value \"$command\" \"$word\"; then",
            "                [[ ${words[i+1]} == = ]] && i=$((i + 1))",
            "                i=$((i + 1))",
            "            fi",
            "        elif [[ -z $command ]]; then command=$word last=$word",
            "        else position=$((position + 1)) last=$word",
            "        fi",
            "    done",
            "    case $command:$prev in",
        ]
        var patterns: [(String, CompletionAction)] = program.globalOptions.filter { $0.kind != .flag }.map { ("*:" + $0.name, CompletionAction($0.kind)) }
        for command in program.commands {
            for option in command.options where option.kind != .flag {
                patterns += command.names.map { ("\($0):\(option.name)", CompletionAction(option.kind)) }
            }
        }
        for (pattern, action) in patterns {
            out.append("        \(pattern)) \(call(action)); return ;;")
        }
        out += [
            "    esac",
            "    if [[ -z $ended && $cur == -* ]]; then",
            "        case $command in",
        ]
        for command in program.commands {
            let names = program.options(of: command).flatMap(\.spellings).joined(separator: " ")
            out.append("            \(command.names.joined(separator: "|"))) \(prefix)_reply \"\(names)\" ;;")
        }
        out += [
            "            *) \(prefix)_reply \"\(program.globalOptions.flatMap(\.spellings).joined(separator: " "))\" ;;",
            "        esac",
            "        return",
            "    fi",
            "    case $command:$position in",
            "        :*) \(prefix)_reply \"\(program.commandNames.joined(separator: " "))\" ;;",
        ]
        for command in program.commands {
            for (index, positional) in command.positionals.enumerated() {
                let condition = positional.completedAfter.map { "[[ $last == \($0) ]] && " } ?? ""
                out.append("        \(command.names.map { "\($0):\(index)" }.joined(separator: "|"))) \(condition)\(call(CompletionAction(positional.kind))) ;;")
            }
        }
        out += [
            "    esac",
            "}",
            "complete -F \(prefix) \(program.name)",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// `command:option` patterns of every option that takes a value (`*:--db` for the global ones).
    private var valuePatterns: [String] {
        var patterns = program.globalOptions.filter { $0.kind != .flag }.flatMap(\.spellings).map { "*:" + $0 }
        for command in program.commands {
            for option in command.options where option.kind != .flag {
                patterns += command.names.map { "\($0):\(option.name)" }
            }
        }
        return patterns
    }

    private func call(_ action: CompletionAction) -> String {
        switch action {
        case .none: ":"
        case .files: "\(prefix)_files"
        case .ids(let loans): "\(prefix)_ids " + CompletionCandidates(loans).rawValue
        case .names: "\(prefix)_names"
        case .words(let words): "\(prefix)_reply \"\(words.joined(separator: " "))\""
        case .commands: "\(prefix)_reply \"\(program.commandNames.joined(separator: " "))\""
        }
    }
}
