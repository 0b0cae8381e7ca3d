import LoansCore

/// Something a command lists among its positional arguments (a `Positional` of any type).
package protocol DeclaredPositional: Sendable {
    var declaration: PositionalDeclaration { get }
}

/// A positional argument of a command, declared once and typed by its value, like `Option`:
/// `input[LoanOptions.id]` is a `LoanID?`.
package struct Positional<Value: Sendable>: DeclaredPositional {
    package let declaration: PositionalDeclaration

    /// `name` is what help calls it (`ID`, `TITLE`, `FILE|-`); an optional one may be left out.
    /// `completedAfter` is the word the argument before it must be for the shells to offer values
    /// here (`json history ID`: ids only after `history`; the command's `init` refuses the rest).
    package init(_ name: String, _ reader: ValueReader<Value>, help: String, optional: Bool = false, completedAfter: String? = nil) {
        declaration = PositionalDeclaration(
            name: name, kind: reader.kind, help: help, optional: optional, completedAfter: completedAfter, read: reader.read
        )
    }
}

/// A positional argument as parsing, help and the completions see it, whatever its type.
package struct PositionalDeclaration: Equatable, Sendable {
    package let name: String
    package let kind: ValueKind
    package let help: String
    package let optional: Bool
    /// The shells offer values here only after this word in the place before.
    package let completedAfter: String?
    /// Reads the word given: a value of the type of the `Positional` that made the declaration.
    package let read: @Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable

    package static func == (a: PositionalDeclaration, b: PositionalDeclaration) -> Bool {
        a.name == b.name && a.kind == b.kind && a.help == b.help && a.optional == b.optional && a.completedAfter == b.completedAfter
    }
}

/// The commands of one program, by the name typed: an enum whose raw values are the names, and
/// the program's own name (what usage lines and refusals of the global options start with).
package protocol CommandNames: RawRepresentable<String> {
    static var program: String { get }
}

/// One command of the command line, declared once: its name and aliases, what it is for, its
/// positional arguments and options with their kinds, and how the options go together.
/// `loans help`, the man page, the completions and the parser are all made from it, so they
/// cannot disagree.
package struct CommandDeclaration: Equatable, Sendable {
    /// The program the command belongs to (`loans`).
    package let program: String
    /// The name typed (the raw value of the command's case of its `CommandNames`).
    package let name: String
    package let aliases: [String]
    /// One line: what the command does.
    package let abstract: String
    /// More about it, in paragraphs separated by blank lines (may be empty).
    package let discussion: String
    package let positionals: [PositionalDeclaration]
    package let options: [OptionDeclaration]
    package let rules: [OptionRule]
    /// Left out of help, the man page and the completions (`__complete`).
    package let hidden: Bool
    /// Needs nothing of the run — no config file, no environment, no store — so that nothing
    /// there can stop it: help and the completion scripts (a shell sources them at every start).
    package let standalone: Bool

    /// `options` (an `OptionList`) in the order help lists them: the command's own, and the
    /// settings whose options it takes (a setting gives the option that overrides it).
    package init<Name: CommandNames>(
        _ command: Name, aliases: [String] = [], abstract: String, discussion: String = "",
        positionals: [any DeclaredPositional] = [], rules: [OptionRule] = [], hidden: Bool = false, standalone: Bool = false,
        @OptionList options: () -> [OptionDeclaration] = { [] }
    ) {
        program = Name.program
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
    package var names: [String] { [name] + aliases }

    /// The option spelled `word` (`--due`), if the command has it.
    package func option(_ word: String) -> OptionDeclaration? {
        options.first { $0.spellings.contains(word) }
    }

    /// How many positional arguments the command takes.
    package var positionalCount: ClosedRange<Int> {
        positionals.filter { !$0.optional }.count...positionals.count
    }
}
