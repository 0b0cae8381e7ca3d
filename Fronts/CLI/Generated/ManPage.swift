import LoansArguments

/// `loans help --man`: the man page loans(1) in roff (man macros), written from the same
/// declarations as help and the completions. `ci/install` puts it in `share/man/man1`.
enum ManPage {
    static func render(version: String, date: String) -> String {
        var out = [
            ".TH LOANS 1 \(date) \"loans \(version)\" \"User Commands\"",
            ".SH NAME",
            "loans \\- \(text(HelpText.tagline))",
            ".SH SYNOPSIS",
            ".B loans",
            ".RI [ global\\ options ]",
        ]
        for command in CommandName.visible {
            out += [".br", ".B loans \(command.name)"]
            out += lines(arguments(command))
        }
        out += [".SH DESCRIPTION"]
        out += lines("loans tracks things lent and borrowed and answers two questions, fast: which loans are overdue, and which are due soon.")
        out += lines("Run alone, it opens the full-screen terminal UI on a terminal and prints the agenda as text otherwise.")
        out += [".SH COMMANDS"]
        for command in CommandName.visible {
            out += [".SS \(command.name)", ".B loans \(command.name)"] + lines(arguments(command))
            out += [".PP"] + lines(command.abstract)
            for paragraph in HelpLayout.paragraphs(command.discussion) { out += [".PP"] + lines(paragraph) }
            if !command.aliases.isEmpty { out += [".PP"] + lines("Also: " + command.aliases.map { "loans " + $0 }.joined(separator: ", ") + ".") }
            for positional in command.positionals {
                out += [".TP", ".I " + text(positional.name)] + lines(HelpLayout.describe(positional))
            }
            for option in command.options {
                out += [".TP", item(option)] + lines(HelpLayout.describe(option, global: false))
            }
        }
        out += [".SH GLOBAL OPTIONS"] + lines("These options may come before or after the command.")
        for option in GlobalOptions.all {
            out += [".TP", item(option)] + lines(HelpLayout.describe(option, global: true))
        }
        out += [".SH DATES"] + lines(HelpText.datesText)
        out += [".SH DATABASE"] + lines(HelpText.databaseText)
        out += [".SH CONFIGURATION"] + lines(HelpText.configurationText)
        for setting in SettingKey.all {
            out += [".TP", ".B " + text(setting.key)] + lines(HelpLayout.describe(setting) + ".")
        }
        out += [".SH ENVIRONMENT"]
        for (name, meaning) in environment {
            out += [".TP", ".B " + name] + lines(meaning)
        }
        out += [".SH EXIT STATUS"]
        for code in ExitCode.allCases {
            out += [".TP", ".B \(code.rawValue)"] + lines(code.meaning)
        }
        out += [
            ".SH FILES",
            ".TP", ".I ~/.local/share/loans/loans.db", "the database (created with its folder on the first write)",
            ".TP", ".I ~/.config/loans/config", "the config file",
            ".TP", ".I ~/.config/loans/on\\-change", "run after every change, to refresh status bars",
            ".TP", ".I ~/.pgpass", "passwords for PostgreSQL servers",
            "(libpq reads it only while no one else may: mode 0600)",
            ".SH EXAMPLES",
            ".EX",
            "loans add \"The Hobbit\" \\-\\-to Alice \\-\\-due fri",
            "loans list \\-\\-person alice \\-\\-search hobbit",
            "loans widget \\-\\-format tmux",
            "loans json overdue | jq \\-r \\(aq.loans[].title\\(aq",
            ".EE",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    static let environment: [(String, String)] = [
        ("LOANS_DB", "the database (a file, or a PostgreSQL server), when no --db is given (empty counts as unset)"),
        ("PGPASSWORD", "the PostgreSQL password, when ~/.pgpass has none (libpq reads it)"),
        ("LOANS_TODAY", "pretend today is this YYYY-MM-DD date"),
        ("LOANS_WINDOW", "the due-soon window in days"),
        ("NO_COLOR", "set to anything but the empty text: no colour, unless --color says otherwise"),
        ("TERM", "dumb: no colour unless --color always"),
        ("XDG_DATA_HOME", "the database is $XDG_DATA_HOME/loans/loans.db (default ~/.local/share)"),
        ("XDG_CONFIG_HOME", "the config file is $XDG_CONFIG_HOME/loans/config (default ~/.config)"),
        ("TZ", "the time zone that decides which day today is"),
    ]

    /// A command's usage after its name.
    private static func arguments(_ command: CommandDeclaration) -> String {
        String(command.synopsis.dropFirst("loans \(command.name)".count))
    }

    /// `plain` as roff text lines of at most 72 bytes, broken between words, one sentence per
    /// line start where a sentence ends (so no line is too long and none starts with a dot).
    static func lines(_ plain: String) -> [String] {
        var out: [String] = []
        var line = ""
        for word in plain.split(separator: " ").map({ text(String($0)) }) {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 72 {
                out.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
            if line.hasSuffix("."), word.count > 2 {
                out.append(line)
                line = ""
            }
        }
        if !line.isEmpty { out.append(line) }
        return out.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// `.B --due Ar DATE`, in man macros.
    private static func item(_ option: OptionDeclaration) -> String {
        let names = option.spellings.reversed().map(text).joined(separator: ", ")
        return option.valueName.isEmpty ? ".B " + names : ".BI \"\(names) \" \(text(option.valueName))"
    }

    /// Text made safe for roff: backslashes escaped, hyphens and quotes spelled out, anything
    /// beyond ASCII by its code point, and no line starting with a control character.
    static func text(_ plain: String) -> String {
        var out = ""
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "'": out += "\\(aq"
            case "\"": out += "\\(dq"
            case "\u{2014}": out += "\\(em"
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out
    }
}
