/// An option of a command, or a global option: its name, the kind of value it takes and what
/// help says about it. Parsing, help, the man page and the completions all read this.
struct OptionDeclaration: Equatable {
    /// `--due`.
    let name: String
    /// A one-letter spelling (`-h`), if any.
    var short: String?
    let kind: ValueKind
    /// What help calls the value (`DATE`); empty for a flag.
    let valueName: String
    let help: String
    /// The environment variable that gives the same setting (global options only).
    var environment: String?

    init(_ name: String, _ kind: ValueKind, _ valueName: String = "", help: String, short: String? = nil, environment: String? = nil) {
        self.name = name
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.short = short
        self.environment = environment
    }

    /// `--due DATE`, or `--open` for a flag.
    var usage: String { valueName.isEmpty ? name : name + " " + valueName }

    /// Every spelling: the name and the short one.
    var spellings: [String] { [name] + (short.map { [$0] } ?? []) }
}

/// A positional argument of a command.
struct PositionalDeclaration: Equatable {
    /// What help calls it (`ID`, `TITLE`, `FILE|-`).
    let name: String
    let kind: ValueKind
    let help: String
    var optional = false

    init(_ name: String, _ kind: ValueKind, help: String, optional: Bool = false) {
        self.name = name
        self.kind = kind
        self.help = help
        self.optional = optional
    }
}

/// How a command's options go together, checked before any value is read.
enum OptionRule: Equatable {
    /// The option must be given.
    case required(OptionDeclaration)
    /// At most one of the options; when `required`, exactly one. `missing` words the refusal
    /// when none is given (else a message made from the names).
    case oneOf([OptionDeclaration], required: Bool, missing: String? = nil)
    /// At least one of the options (`edit` must change something); `missing` words the refusal.
    case anyOf([OptionDeclaration], missing: String)
}

/// One command of the command line, declared once: its name and aliases, what it is for, its
/// positional arguments and options with their kinds, and how the options go together.
/// `loans help`, the man page, the completions and the parser are all made from it, so they
/// cannot disagree.
struct CommandDeclaration: Equatable {
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

    init(
        _ command: CommandName, aliases: [String] = [], abstract: String, discussion: String = "",
        positionals: [PositionalDeclaration] = [], options: [OptionDeclaration] = [], rules: [OptionRule] = [], hidden: Bool = false
    ) {
        name = command.rawValue
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
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
