import LoansCore

/// Lists the options of a declaration, a rule or the global options: `Option`s, `Flag`s, lists
/// already made (and what a program adds in an extension: a setting gives the option that
/// overrides it, if it has one), one a line.
/// Each becomes its `OptionDeclaration` where it is written; none is boxed as `any` of a
/// protocol, because a boxed generic type (`Option<Int>`) is a type made at run time, and every
/// status bar's run would pay for making them.
@resultBuilder
package enum OptionList {
    package static func buildExpression<Value>(_ option: Option<Value>) -> [OptionDeclaration] { [option.declaration] }
    package static func buildExpression(_ flag: Flag) -> [OptionDeclaration] { [flag.declaration] }
    package static func buildExpression(_ options: [OptionDeclaration]) -> [OptionDeclaration] { options }
    package static func buildPartialBlock(first: [OptionDeclaration]) -> [OptionDeclaration] { first }
    package static func buildPartialBlock(accumulated: [OptionDeclaration], next: [OptionDeclaration]) -> [OptionDeclaration] {
        accumulated + next
    }

    /// The options listed, in order.
    package static func of(@OptionList _ options: () -> [OptionDeclaration]) -> [OptionDeclaration] {
        options()
    }
}

/// An option that takes a value, declared once and typed by that value: `Option<Int>` is made
/// with `.number(…)` and reads back as `Int?` (`input[Self.maxWidth]`), so an option cannot be
/// read as a kind it is not.
package struct Option<Value: Sendable>: Sendable {
    package let declaration: OptionDeclaration
    /// The variable that gives the value when the option is not given (`--today`'s `LOANS_TODAY`).
    package let environment: String?

    /// `--due`.
    package var name: String { declaration.name }

    /// `name` takes a value read by `reader`; `valueName` is what help calls it (`DATE`);
    /// `environment` names the variable that gives the same value (global options only).
    package init(_ name: String, _ reader: ValueReader<Value>, _ valueName: String, help: String, environment: String? = nil) {
        self.init(name, reader, valueName, help: help, environment: environment, environmentNote: environment.map { "env " + $0 })
    }

    /// The same, with what help says about the variable worded by the caller (a setting words
    /// its own, and reads its variable itself).
    package init(_ name: String, _ reader: ValueReader<Value>, _ valueName: String, help: String, environment: String? = nil, environmentNote: String?) {
        self.environment = environment
        declaration = OptionDeclaration(name, reader, valueName, help: help, environmentNote: environmentNote)
    }

    /// Reads a value for the option from other bytes (its variable's).
    package func read(_ bytes: [UInt8], label: String, today: CivilDate) throws(ValueError) -> Value? {
        guard let read = declaration.read else { return nil }
        return try read(bytes, label, today) as? Value
    }
}

/// An option that takes no value: given or not (`input[Self.watch]` is a `Bool`).
package struct Flag: Sendable {
    package let declaration: OptionDeclaration

    package var name: String { declaration.name }

    package init(_ name: String, help: String, short: String? = nil) {
        declaration = OptionDeclaration(name: name, short: short, kind: .flag, valueName: "", help: help, environmentNote: nil, read: nil)
    }
}

/// An option as parsing, help, the man page and the completions see it, whatever its value's
/// type: its name, the kind of value it takes and what help says about it. Made only by `Option`
/// and `Flag`, which give it the reader of their own type.
package struct OptionDeclaration: Equatable, Sendable {
    /// `--due`.
    package let name: String
    /// A one-letter spelling (`-h`), if any.
    package var short: String?
    package let kind: ValueKind
    /// What help calls the value (`DATE`); empty for a flag.
    package let valueName: String
    package let help: String
    /// What help adds about the environment variable that gives the same setting (global
    /// options only): `env LOANS_DB`.
    package let environmentNote: String?
    /// Reads a value given for the option (nil for a flag): a value of the type of the `Option`
    /// that made the declaration, which is the only type it is ever read back as.
    package let read: (@Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable)?

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

    /// An option that takes a value read by `reader` (what `Option` and `Setting` declare).
    package init<Value>(_ name: String, _ reader: ValueReader<Value>, _ valueName: String, help: String, environmentNote: String?) {
        self.init(name: name, kind: reader.kind, valueName: valueName, help: help, environmentNote: environmentNote, read: reader.read)
    }

    /// `--due DATE`, or `--open` for a flag.
    package var usage: String { valueName.isEmpty ? name : name + " " + valueName }

    /// Every spelling: the name and the short one.
    package var spellings: [String] { [name] + (short.map { [$0] } ?? []) }

    /// Declarations are the same when everything but the reader is (a command never has two
    /// options of one name, and the reader comes with the kind).
    package static func == (a: OptionDeclaration, b: OptionDeclaration) -> Bool {
        a.name == b.name && a.short == b.short && a.kind == b.kind && a.valueName == b.valueName && a.help == b.help
            && a.environmentNote == b.environmentNote
    }
}
