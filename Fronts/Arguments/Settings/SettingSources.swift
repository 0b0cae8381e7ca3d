import LoansCore
import LoansSystem

/// Where the value of a setting came from.
package enum SettingSource: Equatable, Sendable {
    case option(String)
    case environment(String)
    case config(SystemPath, line: Int)
    case byDefault
    /// The value of another setting, by its key (`calendar.alarms` follows `remind.lead`).
    case sameAs(String)

    package var description: String {
        switch self {
        case .option(let name): "option \(name)"
        case .environment(let name): "environment \(name)"
        case .config(let path, let line): "\(ConfigFile.shown(path)):\(line)"
        case .byDefault: "default"
        case .sameAs(let key): "same as \(key)"
        }
    }
}

/// What settings are resolved from: the options given (the global ones, and those of the
/// command being run), the environment and the config file.
package struct SettingSources {
    /// The global options given, and which options are global.
    let globals: OptionValues
    let globalOptions: [OptionDeclaration]
    /// The command's own options, once they are read.
    var command: CommandOptions?
    let environment: Environment
    let config: ConfigFile?

    package init(globals: OptionValues, globalOptions: [OptionDeclaration], environment: Environment, config: ConfigFile?) {
        self.globals = globals
        self.globalOptions = globalOptions
        self.environment = environment
        self.config = config
    }

    /// The value given for `option` when it is a global option or one of the command's.
    func value(of option: OptionDeclaration) -> (any Sendable)? {
        if globalOptions.contains(option) { return globals.value(of: option) }
        if let command, command.declaration.options.contains(option) { return command.values.value(of: option) }
        return nil
    }
}

/// The options given to a command, and its declaration.
struct CommandOptions {
    let values: OptionValues
    let declaration: CommandDeclaration
}

/// A setting's value in force and where it came from.
struct SettingInForce {
    let key: String
    let value: any Sendable
    let source: SettingSource
}

extension SettingDeclaration {
    /// The value in force and where it came from: the option given, else the environment
    /// variable, else the config file, else the default. The one place this order is written.
    func resolve(_ sources: SettingSources) throws(SettingsError) -> SettingInForce {
        if let option, let value = sources.value(of: option) {
            return SettingInForce(key: key, value: value, source: .option(option.name))
        }
        if let name = variable.name, let word = sources.environment[name] {
            if case .set(_, let value, _) = variable { return SettingInForce(key: key, value: value, source: .environment(name)) }
            do {
                return SettingInForce(key: key, value: try read(word.bytes, name, .earliest), source: .environment(name))
            } catch {
                throw SettingsError(.usage, error.message)
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
