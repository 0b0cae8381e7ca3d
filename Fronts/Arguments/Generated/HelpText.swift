/// `--help`, `help [COMMAND]` and `COMMAND --help`, written from a program's description
/// (never typed out by hand, so help cannot disagree with what is parsed).
package struct HelpText: Sendable {
    package let program: ProgramDescription

    package init(_ program: ProgramDescription) {
        self.program = program
    }

    /// The overview: every command's usage line and what it does, dates, global options,
    /// the database, configuration and exit codes.
    package func overview() -> String {
        var out = ["\(program.name) — \(program.tagline).", "", "Usage:", "  \(program.name)  (\(program.alone))"]
        for command in program.commands {
            out.append("  " + command.synopsis)
            var line = command.abstract
            if !command.aliases.isEmpty { line += " (also: " + program.typed(command.aliases) + ")" }
            out += HelpLayout.wrap(line, indent: "      ")
        }
        out += ["", "Global options (before or after the command):"]
        out += HelpLayout.table(program.globalOptions.map { (HelpLayout.spellings($0), HelpLayout.describe($0, global: true)) })
        out += [""] + HelpLayout.wrap("Dates: \(program.dates)", indent: "")
        out += [""] + HelpLayout.wrap(program.database, indent: "")
        out += [""] + HelpLayout.wrap(program.configuration, indent: "")
        out += [""] + HelpLayout.wrap("Exit codes: " + program.exitCodes.map { "\($0.code) \($0.meaning)" }.joined(separator: "; ") + ".", indent: "")
        return out.joined(separator: "\n")
    }

    /// One command's help: usage, what it does, its arguments and options.
    package func command(_ command: CommandDeclaration) -> String {
        var out = ["Usage: " + command.synopsis, ""]
        out += HelpLayout.wrap(command.abstract, indent: "")
        for paragraph in HelpLayout.paragraphs(command.discussion) {
            out += [""] + HelpLayout.wrap(paragraph, indent: "")
        }
        if !command.aliases.isEmpty { out += ["", "Also: " + program.typed(command.aliases)] }
        if !command.positionals.isEmpty {
            out += ["", "Arguments:"] + HelpLayout.table(command.positionals.map { ($0.name, HelpLayout.describe($0)) })
        }
        if !command.options.isEmpty {
            out += ["", "Options:"] + HelpLayout.table(command.options.map { (HelpLayout.spellings($0), HelpLayout.describe($0, global: false)) })
        }
        if command.options.contains(where: { if case .date = $0.kind { true } else { false } }) {
            out += [""] + HelpLayout.wrap("Dates: \(program.dates)", indent: "")
        }
        let globals = program.globalOptions.filter { !program.answering.contains($0) }.map(\.usage)
        out += [""] + HelpLayout.wrap("Global options: " + globals.joined(separator: ", ") + " (see '\(program.name) --help').", indent: "")
        return out.joined(separator: "\n")
    }
}
