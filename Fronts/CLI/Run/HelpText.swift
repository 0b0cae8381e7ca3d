/// `--help` and `loans help [COMMAND]`: printed on stdout, exit 0.
enum HelpText {
    static let overview = """
        loans — what is overdue, and what is due soon, among things lent and borrowed.

        Usage:
          loans                                 the TUI on a terminal; the agenda as text otherwise
          loans add TITLE (--to NAME | --from NAME) --due DATE [--lent DATE] [--note TEXT]
          loans list [--open | --returned | --all]
          loans show ID
          loans edit ID [--title T] [--to NAME | --from NAME] [--due DATE] [--lent DATE] [--note TEXT]
          loans renew ID (--due DATE | --by +N[dwm])
          loans return ID [--on DATE]
          loans remove ID
          loans agenda | loans overdue | loans due-soon
          loans widget [--format F] [--max-width N] [--empty TEXT] [--watch] [--pango]
          loans json [agenda | overdue | due-soon | all] [--ndjson]
          loans import FILE|-
          loans remind [--notify | --exec PROGRAM [ARG…]] [--dry-run] [--lead 3,1,0] [--overdue-every N]
          loans calendar [--output FILE] [--alarms 3,1,0] [--watch]
          loans tui
          loans help [COMMAND]

        Dates: YYYY-MM-DD, today, tomorrow, yesterday, +Nd, +Nw, +Nm (months keep the day,
        or the month's last day: Jan 31 +1m = Feb 28).

        Global options (before or after the command):
          --db PATH         the database (env LOANS_DB; default $XDG_DATA_HOME/loans/loans.db)
          --fixture FILE    read loans from a JSON document instead (read-only)
          --today DATE      pretend today is DATE, YYYY-MM-DD (env LOANS_TODAY)
          --window N        "due soon" means within N days, 0-36500 (env LOANS_WINDOW; default 7)
          --demo            use a throwaway database seeded with loans around today
          -h, --help        show help
          --version         show the version

        Exit codes: 0 ok, 1 no such loan or other failure, 64 usage, 65 bad data,
        66 input file cannot be opened, 74 database cannot be used, 75 database from a newer loans.
        """

    /// The overview, or one command's usage and details.
    static func write(_ spec: CommandSpec?, to out: OutputChannel) {
        guard let spec else { return out.line(overview) }
        out.line("Usage: \(spec.usage)\n\n\(spec.detail)\n\nGlobal options: --db PATH, --fixture FILE, --today DATE, --window N, --demo (see 'loans --help').")
    }
}
