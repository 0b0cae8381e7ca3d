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
    init(_ name: String, _ reader: ValueReader<Value>, help: String, optional: Bool = false) {
        declaration = PositionalDeclaration(name: name, kind: reader.kind, help: help, optional: optional, read: reader.read)
    }
}

/// A positional argument as parsing, help and the completions see it, whatever its type.
struct PositionalDeclaration: Equatable, Sendable {
    let name: String
    let kind: ValueKind
    let help: String
    let optional: Bool
    /// Reads the word given: a value of the type of the `Positional` that made the declaration.
    let read: @Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable

    static func == (a: PositionalDeclaration, b: PositionalDeclaration) -> Bool {
        a.name == b.name && a.kind == b.kind && a.help == b.help && a.optional == b.optional
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

    /// `options` (an `OptionList`) in the order help lists them: the command's own, and the
    /// settings whose options it takes (`SettingKey.widgetFormat` gives `widget --format`).
    init(
        _ command: CommandName, aliases: [String] = [], abstract: String, discussion: String = "",
        positionals: [any DeclaredPositional] = [], rules: [OptionRule] = [], hidden: Bool = false,
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
