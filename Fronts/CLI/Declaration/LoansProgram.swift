import LoansArguments
import LoansCore

extension ProgramDescription {
    /// loans as help (`HelpText(.loans)`), the man page (`ManPage(.loans)`) and the completion
    /// scripts tell it: its commands, global options, settings and exit codes from their
    /// declarations, and loans' own words around them.
    static let loans = ProgramDescription(
        name: CommandName.program,
        tagline: "what is overdue, and what is due soon, among things lent and borrowed",
        alone: "the TUI on a terminal; the agenda as text otherwise",
        about: "loans tracks things lent and borrowed and answers two questions, fast: which loans are overdue, and which are due soon. "
            + "Run alone, it opens the full-screen terminal UI on a terminal and prints the agenda as text otherwise.",
        commands: CommandName.visible,
        completions: CommandName.completions.rawValue,
        completer: CommandName.complete.rawValue,
        globalOptions: GlobalOptions.all,
        globalRules: GlobalOptions.rules,
        answering: [GlobalOptions.help.declaration, GlobalOptions.version.declaration],
        settings: SettingKey.all,
        exitCodes: ExitCode.allCases.map { ExitStatus($0.rawValue, $0.meaning) },
        dates: "\(DateForms.all.summary), relative to today, in any letter case. A weekday means the next one after today; "
            + "eow is this Sunday (today on a Sunday), eom the last day of this month; a month or year later keeps the day "
            + "or clamps to the month's end (Jan 31 +1m = Feb 28).",
        database: "Database: a SQLite file (--db PATH, LOANS_DB or the config file's db; by default "
            + "$XDG_DATA_HOME/loans/loans.db, else ~/.local/share/loans/loans.db), or a PostgreSQL server a household shares: "
            + "postgresql://USER@HOST/DB?sslmode=verify-full, or libpq's keywords (host=HOST dbname=DB user=USER …); libpq's "
            + "PG* variables and service files apply. A password belongs in ~/.pgpass (mode 0600) or PGPASSWORD: one given in "
            + "--db shows in the process list until loans hides it (loans warns), and a config file that gives one must be "
            + "private (mode 0600).",
        configuration: "Configuration: $XDG_CONFIG_HOME/loans/config (else ~/.config/loans/config) holds "
            + "\"key = value\" lines and # comments; keys: " + SettingKey.all.map(\.key).joined(separator: ", ")
            + ". An option wins over the environment, which wins over the file. 'loans config' shows the settings in force "
            + "and where each came from.",
        environment: [
            ("LOANS_DB", "the database (a file, or a PostgreSQL server), when no --db is given (empty counts as unset)"),
            ("PGPASSWORD", "the PostgreSQL password, when ~/.pgpass has none (libpq reads it)"),
            ("LOANS_TODAY", "pretend today is this YYYY-MM-DD date"),
            ("LOANS_WINDOW", "the due-soon window in days"),
            ("NO_COLOR", "set to anything but the empty text: no colour, unless --color says otherwise"),
            ("TERM", "dumb: no colour unless --color always"),
            ("XDG_DATA_HOME", "the database is $XDG_DATA_HOME/loans/loans.db (default ~/.local/share)"),
            ("XDG_CONFIG_HOME", "the config file is $XDG_CONFIG_HOME/loans/config (default ~/.config)"),
            ("TZ", "the time zone that decides which day today is"),
        ],
        files: [
            ("~/.local/share/loans/loans.db", "the database (created with its folder on the first write)"),
            ("~/.config/loans/config", "the config file"),
            ("~/.config/loans/on-change", "run after every change, to refresh status bars"),
            ("~/.pgpass", "passwords for PostgreSQL servers\n(libpq reads it only while no one else may: mode 0600)"),
        ],
        examples: [
            "loans add \"The Hobbit\" --to Alice --due fri",
            "loans list --person alice --search hobbit",
            "loans widget --format tmux",
            "loans json overdue | jq -r '.loans[].title'",
        ]
    )
}
