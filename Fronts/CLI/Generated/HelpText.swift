import LoansArguments
import LoansCore

/// `loans --help`, `loans help [COMMAND]` and `loans COMMAND --help`, written from the
/// declarations (never typed out by hand, so help cannot disagree with what is parsed).
enum HelpText {
    static let tagline = "what is overdue, and what is due soon, among things lent and borrowed"
    static let home = "the TUI on a terminal; the agenda as text otherwise"
    static let width = 100

    /// The overview: every command's usage line and what it does, dates, global options,
    /// configuration and exit codes.
    static func overview() -> String {
        var out = ["loans — \(tagline).", "", "Usage:", "  loans  (\(home))"]
        for command in CommandName.visible {
            out.append("  " + command.synopsis)
            var line = command.abstract
            if !command.aliases.isEmpty { line += " (also: " + command.aliases.map { "loans " + $0 }.joined(separator: ", ") + ")" }
            out += wrap(line, indent: "      ")
        }
        out += ["", "Global options (before or after the command):"]
        out += table(GlobalOptions.all.map { (spellings($0), describe($0, global: true)) })
        out += [""] + wrap("Dates: \(datesText)", indent: "")
        out += [""] + wrap(databaseText, indent: "")
        out += [""] + wrap(configurationText, indent: "")
        out += [""] + wrap("Exit codes: " + ExitCode.allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + ".", indent: "")
        return out.joined(separator: "\n")
    }

    /// One command's help: usage, what it does, its arguments and options.
    static func command(_ command: CommandDeclaration) -> String {
        var out = ["Usage: " + command.synopsis, ""]
        out += wrap(command.abstract, indent: "")
        for paragraph in paragraphs(command.discussion) {
            out += [""] + wrap(paragraph, indent: "")
        }
        if !command.aliases.isEmpty { out += ["", "Also: " + command.aliases.map { "loans " + $0 }.joined(separator: ", ")] }
        if !command.positionals.isEmpty {
            out += ["", "Arguments:"] + table(command.positionals.map { ($0.name, describe($0)) })
        }
        if !command.options.isEmpty {
            out += ["", "Options:"] + table(command.options.map { (spellings($0), describe($0, global: false)) })
        }
        if command.options.contains(where: { if case .date = $0.kind { true } else { false } }) {
            out += [""] + wrap("Dates: \(datesText)", indent: "")
        }
        let globals = GlobalOptions.all.filter { $0 != GlobalOptions.help.declaration && $0 != GlobalOptions.version.declaration }.map(\.usage)
        out += [""] + wrap("Global options: " + globals.joined(separator: ", ") + " (see 'loans --help').", indent: "")
        return out.joined(separator: "\n")
    }

    static let datesText = "\(DateForms.all.summary), relative to today, in any letter case. A weekday means the next one after today; "
        + "eow is this Sunday (today on a Sunday), eom the last day of this month; a month or year later keeps the day "
        + "or clamps to the month's end (Jan 31 +1m = Feb 28)."

    static let databaseText = "Database: a SQLite file (--db PATH, LOANS_DB or the config file's db; by default "
        + "$XDG_DATA_HOME/loans/loans.db, else ~/.local/share/loans/loans.db), or a PostgreSQL server a household shares: "
        + "postgresql://USER@HOST/DB?sslmode=verify-full, or libpq's keywords (host=HOST dbname=DB user=USER …); libpq's "
        + "PG* variables and service files apply. A password belongs in ~/.pgpass (mode 0600) or PGPASSWORD: one given in "
        + "--db shows in the process list until loans hides it (loans warns), and a config file that gives one must be "
        + "private (mode 0600)."

    static let configurationText = "Configuration: $XDG_CONFIG_HOME/loans/config (else ~/.config/loans/config) holds "
        + "\"key = value\" lines and # comments; keys: " + SettingKey.all.map(\.key).joined(separator: ", ")
        + ". An option wins over the environment, which wins over the file. 'loans config' shows the settings in force "
        + "and where each came from."

    /// `-h, --help` / `--due DATE`.
    static func spellings(_ option: OptionDeclaration) -> String {
        (option.short.map { $0 + ", " } ?? "") + option.usage
    }

    /// An option's help with what its kind adds: the values of a choice, its variable.
    static func describe(_ option: OptionDeclaration, global: Bool) -> String {
        var text = option.help
        let choices = option.kind.choices
        if !choices.isEmpty { text += ": " + choices.joined(separator: ", ") }
        if case .date(let forms) = option.kind, forms != .all { text += " (\(forms.summary))" }
        if global, let note = option.environmentNote { text += "; " + note }
        return text
    }

    /// A setting's help with its values, its default and its variable (the man page's list).
    static func describe(_ setting: SettingDeclaration) -> String {
        var text = setting.help
        let choices = setting.kind.choices
        if !choices.isEmpty { text += ": " + choices.joined(separator: ", ") }
        return text + " (default " + setting.shownDefault + (setting.variable.note.map { "; " + $0 } ?? "") + ")"
    }

    /// A positional's help with the values of a choice.
    static func describe(_ positional: PositionalDeclaration) -> String {
        let choices = positional.kind.choices
        return choices.isEmpty ? positional.help : positional.help + ": " + choices.joined(separator: ", ")
    }

    /// The paragraphs of a discussion (separated by blank lines).
    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n\n").map { $0.split(separator: "\n").joined(separator: " ") }.filter { !$0.isEmpty }
    }

    /// Two columns: names, then their help wrapped beside them.
    private static func table(_ rows: [(String, String)]) -> [String] {
        let column = min(24, (rows.map { $0.0.count }.max() ?? 0) + 4)
        var out: [String] = []
        for (name, help) in rows {
            let indent = String(repeating: " ", count: column)
            var lines = wrap(help, indent: indent)
            let head = "  " + name
            if head.count + 2 <= column, let first = lines.first {
                lines[0] = head + String(repeating: " ", count: column - head.count) + first.dropFirst(column)
            } else {
                lines.insert(head, at: 0)
            }
            out += lines
        }
        return out
    }

    /// `text` in lines of at most `width` columns, each starting with `indent`.
    static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines
    }
}
