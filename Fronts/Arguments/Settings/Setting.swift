import LoansCore

/// A setting, declared once: its key in the config file, how its value is read, the option and
/// the environment variable that override the file, its default and what it means. The program
/// resolves every setting from this alone (option > environment > config file > default),
/// shows it, checks its config file by it, and words it in help and the man page.
/// The option is made here, its help ending in the setting's default, so a command that takes
/// it lists the setting among its options and reads its value from `input.settings`.
///
/// `Value` types the declaration and the reads (a `Setting<DueWindow>` reads back as a
/// `DueWindow`); what is stored is its `SettingDeclaration`, the same for every type (see
/// `ValueReader`).
package struct Setting<Value: Sendable>: Sendable {
    /// How an environment variable gives the setting.
    package enum Variable {
        /// Its value, read as the option's would be (`LOANS_WINDOW=3`).
        case value(String)
        /// Being set to anything but the empty text means `means` (`NO_COLOR=1` is `never`).
        case set(String, means: Value)
    }

    package let declaration: SettingDeclaration
    /// The value when nothing gives it (or what the setting it follows is then).
    package let defaultValue: @Sendable () -> Value

    /// `widget.max_width`.
    package var key: String { declaration.key }

    /// A setting that is `value` unless something gives it; `described` words the default for
    /// help when the value alone would not (`db`). `option` (with `valueName` and `optionHelp`)
    /// is the option that overrides it; `variable`, the environment variable.
    package init(
        _ key: String, _ reader: ValueReader<Value>, default value: Value, described: String? = nil, help: String,
        option: String? = nil, valueName: String = "", optionHelp: String = "", variable: Variable? = nil
    ) {
        let fallback = SettingDeclaration.Default.value(value, shown: described ?? reader.shown(value))
        self.init(key, reader, fallback, { value }, help, option, valueName, optionHelp, variable)
    }

    /// A setting that follows `other` unless something gives it.
    package init(
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
    package var options: [OptionDeclaration] { declaration.option.map { [$0] } ?? [] }
}

extension OptionList {
    /// A setting in a list of options: the option that overrides it, if it has one.
    package static func buildExpression<Value>(_ setting: Setting<Value>) -> [OptionDeclaration] { setting.options }
}

/// A setting whatever its type, as the table lists it: what the config file, the resolution,
/// the listing of settings, help and the man page need. Its values travel as `any Sendable`; only
/// a typed read casts one back, to the type of the `Setting` that made this.
package struct SettingDeclaration: Sendable {
    /// How an environment variable gives the setting, if one does. (Not an optional: an
    /// optional of this type would be made at run time wherever one is copied.)
    package enum Variable: Sendable {
        case absent
        case value(String)
        case set(String, means: any Sendable, shown: String)

        package var name: String? {
            switch self {
            case .absent: nil
            case .value(let name), .set(let name, _, _): name
            }
        }

        /// What help says of it: `env LOANS_WINDOW`, `NO_COLOR set to anything means never`.
        package var note: String? {
            switch self {
            case .absent: nil
            case .value(let name): "env " + name
            case .set(let name, _, let shown): "\(name) set to anything means \(shown)"
            }
        }
    }

    /// What the setting is when nothing gives it.
    package enum Default: Sendable {
        /// This value, as help shows it.
        case value(any Sendable, shown: String)
        /// Whatever another setting is (`calendar.alarms` follows `remind.lead`).
        indirect case sameAs(SettingDeclaration)

        package var shown: String {
            switch self {
            case .value(_, let shown): shown
            case .sameAs(let other): "the same as " + other.key
            }
        }
    }

    package let key: String
    /// What the setting means, for the man page.
    package let help: String
    package let kind: ValueKind
    package let option: OptionDeclaration?
    package let variable: Variable
    package let fallback: Default
    /// Reads a value of the setting (from a config line, the environment).
    package let read: @Sendable ([UInt8], String?, CivilDate) throws(ValueError) -> any Sendable
    /// A value of the setting as it is shown (the form it was read from).
    package let shown: @Sendable (any Sendable) -> String

    /// The default as help words it: `7`, `the same as remind.lead`.
    package var shownDefault: String { fallback.shown }
}
