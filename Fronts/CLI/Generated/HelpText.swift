import LoansArguments
import LoansCore

/// `loans --help`, `loans help [COMMAND]` and `loans COMMAND --help`, written from the
/// declarations (never typed out by hand, so help cannot disagree with what is parsed).
enum HelpText {
    static let tagline = "what is overdue, and what is due soon, among things lent and borrowed"
    static let home = "the TUI on a terminal; the agenda as text otherwise"

    /// The overview: every command's usage line and what it does, dates, global options,
    /// configuration and exit codes.
    static func overview() -> String {
        var out = ["loans — \(tagline).", "", "Usage:", "  loans  (\(home))"]
        for command in CommandName.visible {
            out.append("  " + command.synopsis)
            var line = command.abstract
            if !command.aliases.isEmpty { line += " (also: " + command.aliases.map { "loans " + $0 }.joined(separator: ", ") + ")" }
            out += HelpLayout.wrap(line, indent: "      ")
        }
        out += ["", "Global options (before or after the command):"]
        out += HelpLayout.table(GlobalOptions.all.map { (HelpLayout.spellings($0), HelpLayout.describe($0, global: true)) })
        out += [""] + HelpLayout.wrap("Dates: \(datesText)", indent: "")
        out += [""] + HelpLayout.wrap(databaseText, indent: "")
        out += [""] + HelpLayout.wrap(configurationText, indent: "")
        out += [""] + HelpLayout.wrap("Exit codes: " + ExitCode.allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + ".", indent: "")
        return out.joined(separator: "\n")
    }

    /// One command's help: usage, what it does, its arguments and options.
    static func command(_ command: CommandDeclaration) -> String {
        var out = ["Usage: " + command.synopsis, ""]
        out += HelpLayout.wrap(command.abstract, indent: "")
        for paragraph in HelpLayout.paragraphs(command.discussion) {
            out += [""] + HelpLayout.wrap(paragraph, indent: "")
        }
        if !command.aliases.isEmpty { out += ["", "Also: " + command.aliases.map { "loans " + $0 }.joined(separator: ", ")] }
        if !command.positionals.isEmpty {
            out += ["", "Arguments:"] + HelpLayout.table(command.positionals.map { ($0.name, HelpLayout.describe($0)) })
        }
        if !command.options.isEmpty {
            out += ["", "Options:"] + HelpLayout.table(command.options.map { (HelpLayout.spellings($0), HelpLayout.describe($0, global: false)) })
        }
        if command.options.contains(where: { if case .date = $0.kind { true } else { false } }) {
            out += [""] + HelpLayout.wrap("Dates: \(datesText)", indent: "")
        }
        let globals = GlobalOptions.all.filter { $0 != GlobalOptions.help.declaration && $0 != GlobalOptions.version.declaration }.map(\.usage)
        out += [""] + HelpLayout.wrap("Global options: " + globals.joined(separator: ", ") + " (see 'loans --help').", indent: "")
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
}
