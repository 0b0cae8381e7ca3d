/// A program as its help, its man page and its shells' completions tell it: what its
/// declarations say (commands, global options, settings), its exit codes, and the program's own
/// words around them. `HelpText`, `ManPage` and the completion scripts are functions of this one
/// value, so none of them names a command, an option or a sentence of the program.
package struct ProgramDescription: Sendable {
    /// An exit code and what it means.
    package struct ExitStatus: Sendable {
        package let code: Int32
        package let meaning: String

        package init(_ code: Int32, _ meaning: String) {
            self.code = code
            self.meaning = meaning
        }
    }

    /// The name typed (`loans`): the usage lines, the man page's title and the shells' functions.
    package let name: String
    /// What the program is, in a few words (after `loans —` in help, in the man page's NAME).
    package let tagline: String
    /// What the program does run alone, in a few words (help's first usage line).
    package let alone: String
    /// What the program is for, in a few sentences (the man page's DESCRIPTION).
    package let about: String
    /// The commands help, the man page and the shells show, in help's order (not the hidden ones).
    package let commands: [CommandDeclaration]
    /// The command that prints the completion scripts (`completions`, as in
    /// `loans completions bash`), and the hidden one they ask for loan ids and names while the
    /// user types (`__complete`, as in `loans __complete ids bash`: see `CompletionCandidates`).
    package let completions: String
    package let completer: String
    /// The options every command takes, and how they go together.
    package let globalOptions: [OptionDeclaration]
    package let globalRules: [OptionRule]
    /// The global options that answer instead of a command (`--help`, `--version`): a command's
    /// help does not list them.
    package let answering: [OptionDeclaration]
    /// The settings a config file may give, in the order the man page lists them.
    package let settings: [SettingDeclaration]
    package let exitCodes: [ExitStatus]
    /// The dates a date option accepts (after "Dates:" in help, the man page's DATES).
    package let dates: String
    /// Where the data lives (help's paragraph and the man page's DATABASE).
    package let database: String
    /// The config file (help's paragraph and the man page's CONFIGURATION, before the settings).
    package let configuration: String
    /// The environment variables the program reads, each with what it means.
    package let environment: [(name: String, meaning: String)]
    /// The files the program uses, each with what it is; a line break in the meaning is kept.
    package let files: [(path: String, meaning: String)]
    /// Command lines to show, one each.
    package let examples: [String]

    package init(
        name: String, tagline: String, alone: String, about: String, commands: [CommandDeclaration], completions: String, completer: String,
        globalOptions: [OptionDeclaration], globalRules: [OptionRule], answering: [OptionDeclaration],
        settings: [SettingDeclaration], exitCodes: [ExitStatus], dates: String, database: String, configuration: String,
        environment: [(name: String, meaning: String)], files: [(path: String, meaning: String)], examples: [String]
    ) {
        self.name = name
        self.tagline = tagline
        self.alone = alone
        self.about = about
        self.commands = commands
        self.completions = completions
        self.completer = completer
        self.globalOptions = globalOptions
        self.globalRules = globalRules
        self.answering = answering
        self.settings = settings
        self.exitCodes = exitCodes
        self.dates = dates
        self.database = database
        self.configuration = configuration
        self.environment = environment
        self.files = files
        self.examples = examples
    }

    /// Every name a command answers to, as help's suggestions and the shells offer them.
    package var commandNames: [String] { commands.flatMap(\.names) }

    /// `loans ls`: each of `names` typed after the program's name, joined by commas.
    func typed(_ names: [String]) -> String {
        names.map { name + " " + $0 }.joined(separator: ", ")
    }
}
