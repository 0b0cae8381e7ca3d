import LoansCore

/// A setting, declared once: its key in the config file, how its value is read, the option and
/// the environment variable that override the file, its default and what it means. `Settings`
/// resolves every setting from this alone (option > environment > config file > default),
/// `loans config` shows it, the config file is checked by it, and help and the man page word it.
/// The option is made here, its help ending in the setting's default, so a command that takes
/// it lists the setting among its options and reads its value from `input.settings`.
struct Setting<Value: Sendable>: Sendable {
    /// How an environment variable gives the setting.
    enum Variable: Sendable {
        /// Its value, read as the option's would be (`LOANS_WINDOW=3`).
        case value(String)
        /// Being set to anything but the empty text means `means` (`NO_COLOR=1` is `never`).
        case set(String, means: Value)

        var name: String {
            switch self {
            case .value(let name), .set(let name, _): name
            }
        }
    }

    /// What the setting is when nothing gives it.
    indirect enum Default: Sendable {
        /// This value; `described` words it for help when the value alone would not (`db`).
        case value(Value, described: String?)
        /// Whatever another setting is (`calendar.alarms` follows `remind.lead`).
        case sameAs(Setting<Value>)
    }

    /// `widget.max_width`.
    let key: String
    let reader: ValueReader<Value>
    /// The option that overrides the setting for one run, if any.
    let option: Option<Value>?
    let variable: Variable?
    let fallback: Default
    /// What the setting means, for the man page.
    let help: String

    /// A setting that is `value` unless something gives it. `option` (with `valueName` and
    /// `optionHelp`) is the option that overrides it; `variable`, the environment variable.
    init(
        _ key: String, _ reader: ValueReader<Value>, default value: Value, described: String? = nil, help: String,
        option: String? = nil, valueName: String = "", optionHelp: String = "", variable: Variable? = nil
    ) {
        self.init(key, reader, .value(value, described: described), help, option, valueName, optionHelp, variable)
    }

    /// A setting that follows `other` unless something gives it.
    init(
        _ key: String, _ reader: ValueReader<Value>, sameAs other: Setting<Value>, help: String,
        option: String? = nil, valueName: String = "", optionHelp: String = "", variable: Variable? = nil
    ) {
        self.init(key, reader, .sameAs(other), help, option, valueName, optionHelp, variable)
    }

    private init(
        _ key: String, _ reader: ValueReader<Value>, _ fallback: Default, _ help: String,
        _ option: String?, _ valueName: String, _ optionHelp: String, _ variable: Variable?
    ) {
        self.key = key
        self.reader = reader
        self.fallback = fallback
        self.help = help
        self.variable = variable
        let shownDefault = Setting.shown(fallback, reader)
        let note = Setting.note(variable, reader)
        self.option = option.map {
            Option($0, reader, valueName, help: "\(optionHelp) (default the config file's \(key), else \(shownDefault))", environmentNote: note)
        }
    }

    /// The default as help words it: `7`, `the same as remind.lead`.
    var shownDefault: String { Setting.shown(fallback, reader) }

    /// What help says of the variable: `env LOANS_WINDOW`, `NO_COLOR set to anything means never`.
    var variableNote: String? { Setting.note(variable, reader) }

    private static func shown(_ fallback: Default, _ reader: ValueReader<Value>) -> String {
        switch fallback {
        case .value(let value, let described): described ?? reader.shown(value)
        case .sameAs(let other): "the same as " + other.key
        }
    }

    private static func note(_ variable: Variable?, _ reader: ValueReader<Value>) -> String? {
        switch variable {
        case .value(let name): "env " + name
        case .set(let name, let value): "\(name) set to anything means \(reader.shown(value))"
        case nil: nil
        }
    }

    /// The value in force and where it came from: the option given, else the environment
    /// variable, else the config file, else the default. The one place this order is written.
    func resolve(_ sources: SettingSources) throws(CLIError) -> (value: Value, source: SettingSource) {
        // Unwrapped before the cast: nil cast to an optional `Value` would read as a value given.
        if let option, let given = sources.value(of: option.declaration), let value = given as? Value {
            return (value, .option(option.name))
        }
        if let variable, let word = sources.environment[variable.name] {
            switch variable {
            case .value(let name):
                do {
                    return (try reader.read(word.bytes, label: name, today: .earliest), .environment(name))
                } catch {
                    throw .usage(error.message, nil)
                }
            case .set(let name, let value):
                return (value, .environment(name))
            }
        }
        if let config = sources.config, let entry = config.entries[key], let value = entry.value as? Value {
            return (value, .config(config.path, line: entry.line))
        }
        switch fallback {
        case .value(let value, _): return (value, .byDefault)
        case .sameAs(let other): return (try other.resolve(sources).value, .sameAs(other.key))
        }
    }
}

/// A setting whatever its type, as the table lists it: what the config file, `loans config`,
/// help and the man page need.
protocol AnySetting: DeclaredOption {
    var key: String { get }
    var help: String { get }
    var kind: ValueKind { get }
    var shownDefault: String { get }
    /// The environment variable that gives the setting, and the value (shown) that its being set
    /// means when it is not read as a value (`NO_COLOR`: `never`).
    var environment: (name: String, means: String?)? { get }
    var variableNote: String? { get }
    /// Reads the value of a config file's line (`label` starts a refusal).
    func read(_ bytes: [UInt8], label: String) throws(ValueError) -> any Sendable
    /// The value in force, shown, and where it came from.
    func inForce(_ sources: SettingSources) throws(CLIError) -> SettingInForce
}

extension Setting: AnySetting {
    var optionDeclaration: OptionDeclaration? { option?.declaration }

    var kind: ValueKind { reader.kind }

    var environment: (name: String, means: String?)? {
        switch variable {
        case .value(let name): (name, nil)
        case .set(let name, let value): (name, reader.shown(value))
        case nil: nil
        }
    }

    func read(_ bytes: [UInt8], label: String) throws(ValueError) -> any Sendable {
        try reader.read(bytes, label: label, today: .earliest)
    }

    func inForce(_ sources: SettingSources) throws(CLIError) -> SettingInForce {
        let (value, source) = try resolve(sources)
        return SettingInForce(value: value, shown: reader.shown(value), source: source)
    }
}

/// A setting's value in force, as `loans config` shows it, and where it came from.
struct SettingInForce {
    let value: any Sendable
    let shown: String
    let source: SettingSource
}
