import LoansCore

/// Something a command lists among its options: an `Option`, a `Flag`, or a `Setting` whose
/// option overrides it for one run.
protocol DeclaredOption: Sendable {
    /// What parsing, help, the man page and the completions read; nil for a setting that no
    /// option overrides.
    var optionDeclaration: OptionDeclaration? { get }
}

/// An option that takes a value, declared once and typed by that value: `Option<Int>` is made
/// with `.number(…)` and reads back as `Int?` (`input[Self.maxWidth]`), so an option cannot be
/// read as a kind it is not.
struct Option<Value: Sendable>: DeclaredOption {
    let declaration: OptionDeclaration
    let reader: ValueReader<Value>
    /// The variable that gives the value when the option is not given (`--today`'s `LOANS_TODAY`).
    let environment: String?

    /// `--due`.
    var name: String { declaration.name }

    /// `name` takes a value read by `reader`; `valueName` is what help calls it (`DATE`);
    /// `environment` names the variable that gives the same value (global options only).
    init(_ name: String, _ reader: ValueReader<Value>, _ valueName: String, help: String, environment: String? = nil) {
        self.init(name, reader, valueName, help: help, environment: environment, environmentNote: environment.map { "env " + $0 })
    }

    /// The same, with what help says about the variable worded by the caller (a setting words
    /// its own, and reads its variable itself).
    init(_ name: String, _ reader: ValueReader<Value>, _ valueName: String, help: String, environment: String? = nil, environmentNote: String?) {
        self.reader = reader
        self.environment = environment
        declaration = OptionDeclaration(
            name: name, kind: reader.kind, valueName: valueName, help: help, environmentNote: environmentNote
        ) { bytes, label, today throws(ValueError) in
            try reader.read(bytes, label: label, today: today)
        }
    }

    var optionDeclaration: OptionDeclaration? { declaration }
}

/// An option that takes no value: given or not (`input[Self.watch]` is a `Bool`).
struct Flag: DeclaredOption {
    let declaration: OptionDeclaration

    var name: String { declaration.name }

    init(_ name: String, help: String, short: String? = nil) {
        declaration = OptionDeclaration(name: name, short: short, kind: .flag, valueName: "", help: help, environmentNote: nil, read: nil)
    }

    var optionDeclaration: OptionDeclaration? { declaration }
}

/// An option as parsing, help, the man page and the completions see it, whatever its value's
/// type: its name, the kind of value it takes and what help says about it. Made only by `Option`
/// and `Flag`, which give it the reader of their own type.
struct OptionDeclaration: Equatable, Sendable {
    /// `--due`.
    let name: String
    /// A one-letter spelling (`-h`), if any.
    var short: String?
    let kind: ValueKind
    /// What help calls the value (`DATE`); empty for a flag.
    let valueName: String
    let help: String
    /// What help adds about the environment variable that gives the same setting (global
    /// options only): `env LOANS_DB`.
    let environmentNote: String?
    /// Reads a value given for the option (nil for a flag): a value of the type of the `Option`
    /// that made the declaration, which is the only type it is ever read back as.
    let read: (@Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable)?

    fileprivate init(
        name: String, short: String? = nil, kind: ValueKind, valueName: String, help: String, environmentNote: String?,
        read: (@Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable)?
    ) {
        self.name = name
        self.short = short
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.environmentNote = environmentNote
        self.read = read
    }

    /// `--due DATE`, or `--open` for a flag.
    var usage: String { valueName.isEmpty ? name : name + " " + valueName }

    /// Every spelling: the name and the short one.
    var spellings: [String] { [name] + (short.map { [$0] } ?? []) }

    /// Declarations are the same when everything but the reader is (a command never has two
    /// options of one name, and the reader comes with the kind).
    static func == (a: OptionDeclaration, b: OptionDeclaration) -> Bool {
        a.name == b.name && a.short == b.short && a.kind == b.kind && a.valueName == b.valueName && a.help == b.help
            && a.environmentNote == b.environmentNote
    }
}
