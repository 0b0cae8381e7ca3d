import LoansArguments
import LoansCore

/// A setting, declared once: its key in the config file, how its value is read, the option and
/// the environment variable that override the file, its default and what it means. `Settings`
/// resolves every setting from this alone (option > environment > config file > default),
/// `loans config` shows it, the config file is checked by it, and help and the man page word it.
/// The option is made here, its help ending in the setting's default, so a command that takes
/// it lists the setting among its options and reads its value from `input.settings`.
///
/// `Value` types the declaration and the reads (`input.settings[SettingKey.window]` is a
/// `DueWindow`); what is stored is its `SettingDeclaration`, the same for every type (see
/// `ValueReader`).
struct Setting<Value: Sendable>: Sendable {
    /// How an environment variable gives the setting.
    enum Variable {
        /// Its value, read as the option's would be (`LOANS_WINDOW=3`).
        case value(String)
        /// Being set to anything but the empty text means `means` (`NO_COLOR=1` is `never`).
        case set(String, means: Value)
    }

    let declaration: SettingDeclaration
    /// The value when nothing gives it (or what the setting it follows is then).
    let defaultValue: @Sendable () -> Value

    /// `widget.max_width`.
    var key: String { declaration.key }

    /// A setting that is `value` unless something gives it; `described` words the default for
    /// help when the value alone would not (`db`). `option` (with `valueName` and `optionHelp`)
    /// is the option that overrides it; `variable`, the environment variable.
    init(
        _ key: String, _ reader: ValueReader<Value>, default value: Value, described: String? = nil, help: String,
        option: String? = nil, valueName: String = "", optionHelp: String = "", variable: Variable? = nil
    ) {
        let fallback = SettingDeclaration.Default.value(value, shown: described ?? reader.shown(value))
        self.init(key, reader, fallback, { value }, help, option, valueName, optionHelp, variable)
    }

    /// A setting that follows `other` unless something gives it.
    init(
        _ key: String, _ reader: ValueReader<Value>, sameAs other: Setting<Value>, help: String,
        option: String? = nil, valueName: String = "", optionHelp: String = "", variable: Variable? = nil
    ) {
        self.init(key, reader, .sameAs(other.declaration), other.defaultValue, help, option, valueName, optionHelp, variable)
    }

    private init(
        _ key: String, _ reader: ValueReader<Value>, _ fallback: SettingDeclaration.Default, _ defaultValue: @escaping @Sendable () -> Value,
        _ help: String, _ option: String?, _ valueName: String, _ optionHelp: String, _ variable: Variable?
    ) {
        let variable: SettingDeclaration.Variable = switch variable {
        case .value(let name): .value(name)
        case .set(let name, let value): .set(name, means: value, shown: reader.shown(value))
        case nil: .absent
        }
        // The option's declaration, not an `Option<Value>`: a setting's option is read back
        // through the setting.
        let option = option.map {
            OptionDeclaration($0, reader, valueName, help: "\(optionHelp) (default the config file's \(key), else \(fallback.shown))", environmentNote: variable.note)
        }
        declaration = SettingDeclaration(
            key: key, help: help, kind: reader.kind, option: option, variable: variable, fallback: fallback,
            read: reader.read, shown: reader.shown
        )
        self.defaultValue = defaultValue
    }
}

extension Setting {
    /// The setting's option, or none (for `OptionList`).
    var options: [OptionDeclaration] { declaration.option.map { [$0] } ?? [] }
}

extension OptionList {
    /// A setting in a list of options: the option that overrides it, if it has one.
    static func buildExpression<Value>(_ setting: Setting<Value>) -> [OptionDeclaration] { setting.options }
}

/// A setting whatever its type, as the table lists it: what the config file, `Settings`,
/// `loans config`, help and the man page need. Its values travel as `any Sendable`; only
/// `Settings`' typed read casts one back, to the type of the `Setting` that made this.
struct SettingDeclaration: Sendable {
    /// How an environment variable gives the setting, if one does. (Not an optional: an
    /// optional of this type would be made at run time wherever one is copied.)
    enum Variable: Sendable {
        case absent
        case value(String)
        case set(String, means: any Sendable, shown: String)

        var name: String? {
            switch self {
            case .absent: nil
            case .value(let name), .set(let name, _, _): name
            }
        }

        /// What help says of it: `env LOANS_WINDOW`, `NO_COLOR set to anything means never`.
        var note: String? {
            switch self {
            case .absent: nil
            case .value(let name): "env " + name
            case .set(let name, _, let shown): "\(name) set to anything means \(shown)"
            }
        }
    }

    /// What the setting is when nothing gives it.
    enum Default: Sendable {
        /// This value, as help shows it.
        case value(any Sendable, shown: String)
        /// Whatever another setting is (`calendar.alarms` follows `remind.lead`).
        indirect case sameAs(SettingDeclaration)

        var shown: String {
            switch self {
            case .value(_, let shown): shown
            case .sameAs(let other): "the same as " + other.key
            }
        }
    }

    let key: String
    /// What the setting means, for the man page.
    let help: String
    let kind: ValueKind
    let option: OptionDeclaration?
    let variable: Variable
    let fallback: Default
    /// Reads a value of the setting (from a config line, the environment).
    let read: @Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable
    /// A value of the setting as `loans config` shows it.
    let shown: @Sendable (any Sendable) -> String

    /// The default as help words it: `7`, `the same as remind.lead`.
    var shownDefault: String { fallback.shown }

    /// The value in force and where it came from: the option given, else the environment
    /// variable, else the config file, else the default. The one place this order is written.
    func resolve(_ sources: SettingSources) throws(CLIError) -> SettingInForce {
        if let option, let value = sources.value(of: option) {
            return SettingInForce(key: key, value: value, source: .option(option.name))
        }
        if let name = variable.name, let word = sources.environment[name] {
            if case .set(_, let value, _) = variable { return SettingInForce(key: key, value: value, source: .environment(name)) }
            do {
                return SettingInForce(key: key, value: try read(word.bytes, name, .earliest), source: .environment(name))
            } catch {
                throw .usage(error.message, nil)
            }
        }
        if let config = sources.config, let entry = config.entries[key] {
            return SettingInForce(key: key, value: entry.value, source: .config(config.path, line: entry.line))
        }
        switch fallback {
        case .value(let value, _): return SettingInForce(key: key, value: value, source: .byDefault)
        case .sameAs(let other): return SettingInForce(key: key, value: try other.resolve(sources).value, source: .sameAs(other.key))
        }
    }
}

/// A setting's value in force and where it came from.
struct SettingInForce {
    let key: String
    let value: any Sendable
    let source: SettingSource
}
