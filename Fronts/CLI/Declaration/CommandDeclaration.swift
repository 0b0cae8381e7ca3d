import LoansCore

/// Something a command lists among its positional arguments (a `Positional` of any type).
protocol DeclaredPositional: Sendable {
    var declaration: PositionalDeclaration { get }
}

/// A positional argument of a command, declared once and typed by its value, like `Option`:
/// `input[LoanOptions.id]` is a `LoanID?`.
struct Positional<Value: Sendable>: DeclaredPositional {
    let declaration: PositionalDeclaration

    /// `name` is what help calls it (`ID`, `TITLE`, `FILE|-`); an optional one may be left out.
    /// `completedAfter` is the word the argument before it must be for the shells to offer values
    /// here (`json history ID`: ids only after `history`; the command's `init` refuses the rest).
    init(_ name: String, _ reader: ValueReader<Value>, help: String, optional: Bool = false, completedAfter: String? = nil) {
        declaration = PositionalDeclaration(
            name: name, kind: reader.kind, help: help, optional: optional, completedAfter: completedAfter, read: reader.read
        )
    }
}

/// A positional argument as parsing, help and the completions see it, whatever its type.
struct PositionalDeclaration: Equatable, Sendable {
    let name: String
    let kind: ValueKind
    let help: String
    let optional: Bool
    /// The shells offer values here only after this word in the place before.
    let completedAfter: String?
    /// Reads the word given: a value of the type of the `Positional` that made the declaration.
    let read: @Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable

    static func == (a: PositionalDeclaration, b: PositionalDeclaration) -> Bool {
        a.name == b.name && a.kind == b.kind && a.help == b.help && a.optional == b.optional && a.completedAfter == b.completedAfter
    }
}

/// One command of the command line, declared once: its name and aliases, what it is for, its
/// positional arguments and options with their kinds, and how the options go together.
/// `loans help`, the man page, the completions and the parser are all made from it, so they
/// cannot disagree.
struct CommandDeclaration: Equatable, Sendable {
    /// The name typed (the raw value of the command's `CommandName`).
    let name: String
    let aliases: [String]
    /// One line: what the command does.
    let abstract: String
    /// More about it, in paragraphs separated by blank lines (may be empty).
    let discussion: String
    let positionals: [PositionalDeclaration]
    let options: [OptionDeclaration]
    let rules: [OptionRule]
    /// Left out of help, the man page and the completions (`__complete`).
    let hidden: Bool
    /// Needs nothing of the run — no config file, no environment, no store — so that nothing
    /// there can stop it: help and the completion scripts (a shell sources them at every start).
    let standalone: Bool

    /// `options` (an `OptionList`) in the order help lists them: the command's own, and the
    /// settings whose options it takes (`SettingKey.widgetFormat` gives `widget --format`).
    init(
        _ command: CommandName, aliases: [String] = [], abstract: String, discussion: String = "",
        positionals: [any DeclaredPositional] = [], rules: [OptionRule] = [], hidden: Bool = false, standalone: Bool = false,
        @OptionList options: () -> [OptionDeclaration] = { [] }
    ) {
        name = command.rawValue
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals.map { $0.declaration }
        self.options = options()
        self.rules = rules
        self.hidden = hidden
        self.standalone = standalone
    }

    /// Every name the command answers to.
    var names: [String] { [name] + aliases }

    /// The option spelled `word` (`--due`), if the command has it.
    func option(_ word: String) -> OptionDeclaration? {
        options.first { $0.spellings.contains(word) }
    }

    /// How many positional arguments the command takes.
    var positionalCount: ClosedRange<Int> {
        positionals.filter { !$0.optional }.count...positionals.count
    }
}
