/// Every subcommand the command line knows, with its options and usage. The
/// fronts' commands (widget, json, import, tui) declare their own specs next to their code.
enum CommandCatalog {
    static let specs: [CommandSpec] = [
        CommandSpec(
            name: "add", options: ["--to": .value, "--from": .value, "--due": .value, "--lent": .value, "--note": .value],
            positionals: 1...1,
            usage: "loans add TITLE (--to NAME | --from NAME) --due DATE [--lent DATE] [--note TEXT]",
            detail: "Adds a loan and prints its id. --to NAME: you lent it; --from NAME: you borrowed it.\n--lent defaults to today."
        ),
        CommandSpec(
            name: "list", options: ["--open": .flag, "--returned": .flag, "--all": .flag], positionals: 0...0,
            usage: "loans list [--open | --returned | --all]",
            detail: "Lists loans by id: open ones (default), --returned ones or --all."
        ),
        CommandSpec(
            name: "show", options: [:], positionals: 1...1, usage: "loans show ID",
            detail: "Shows every field of one loan, its note and renewal history included."
        ),
        CommandSpec(
            name: "edit",
            options: [
                "--title": .value, "--to": .value, "--from": .value, "--due": .value, "--lent": .value, "--note": .value,
            ],
            positionals: 1...1,
            usage: "loans edit ID [--title T] [--to NAME | --from NAME] [--due DATE] [--lent DATE] [--note TEXT]",
            detail: "Corrects fields of a loan. A due date changed here is not a renewal. --note \"\" clears the note."
        ),
        CommandSpec(
            name: "renew", options: ["--due": .value, "--by": .value], positionals: 1...1,
            usage: "loans renew ID (--due DATE | --by +N[dwm])",
            detail: "Moves the due date to --due DATE, or --by +N[dwm] from the current due date;\ncounts the renewal and keeps the earlier date."
        ),
        CommandSpec(
            name: "return", options: ["--on": .value], positionals: 1...1, usage: "loans return ID [--on DATE]",
            detail: "Marks a loan returned, --on DATE (default today)."
        ),
        CommandSpec(
            name: "remove", options: [:], positionals: 1...1, usage: "loans remove ID", detail: "Deletes a loan for good."
        ),
        CommandSpec(
            name: "agenda", options: [:], positionals: 0...0, usage: "loans agenda",
            detail: "Overdue loans, then loans due soon."
        ),
        CommandSpec(
            name: "overdue", options: [:], positionals: 0...0, usage: "loans overdue",
            detail: "Open loans whose due date has passed, earliest first."
        ),
        CommandSpec(
            name: "due-soon", options: [:], positionals: 0...0, usage: "loans due-soon",
            detail: "Open loans due today through the window's last day, soonest first."
        ),
        CommandSpec(
            name: "help", options: [:], positionals: 0...1, usage: "loans help [COMMAND]",
            detail: "Shows help for loans or for one command."
        ),
        WidgetCommand.spec,
        JSONCommand.spec,
        ImportCommand.spec,
        TUICommand.spec,
        RemindCommand.spec,
        CalendarCommand.spec,
        HistoryCommands.historySpec,
        HistoryCommands.undoSpec,
        HistoryCommands.redoSpec,
        HistoryCommands.reopenSpec,
    ]

    static func spec(_ name: String) -> CommandSpec? {
        specs.first { $0.name == name }
    }
}
