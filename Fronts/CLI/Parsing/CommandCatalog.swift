/// Every subcommand the command line knows, with its options and usage (CONTRACT §3).
enum CommandCatalog {
    static let specs: [CommandSpec] = [
        CommandSpec(
            name: "add", options: ["--to": .value, "--from": .value, "--due": .value, "--lent": .value, "--note": .value],
            positionals: 1...1,
            usage: "loans add TITLE (--to NAME | --from NAME) --due DATE [--lent DATE] [--note TEXT]"
        ),
        CommandSpec(
            name: "list", options: ["--open": .flag, "--returned": .flag, "--all": .flag], positionals: 0...0,
            usage: "loans list [--open | --returned | --all]"
        ),
        CommandSpec(name: "show", options: [:], positionals: 1...1, usage: "loans show ID"),
        CommandSpec(
            name: "edit",
            options: [
                "--title": .value, "--to": .value, "--from": .value, "--due": .value, "--lent": .value, "--note": .value,
            ],
            positionals: 1...1,
            usage: "loans edit ID [--title T] [--to NAME | --from NAME] [--due DATE] [--lent DATE] [--note TEXT]"
        ),
        CommandSpec(
            name: "renew", options: ["--due": .value, "--by": .value], positionals: 1...1,
            usage: "loans renew ID (--due DATE | --by +N[dwm])"
        ),
        CommandSpec(name: "return", options: ["--on": .value], positionals: 1...1, usage: "loans return ID [--on DATE]"),
        CommandSpec(name: "remove", options: [:], positionals: 1...1, usage: "loans remove ID"),
        CommandSpec(name: "agenda", options: [:], positionals: 0...0, usage: "loans agenda"),
        CommandSpec(name: "overdue", options: [:], positionals: 0...0, usage: "loans overdue"),
        CommandSpec(name: "due-soon", options: [:], positionals: 0...0, usage: "loans due-soon"),
        CommandSpec(name: "help", options: [:], positionals: 0...1, usage: "loans help [COMMAND]"),
    ]

    static func spec(_ name: String) -> CommandSpec? {
        specs.first { $0.name == name }
    }
}
