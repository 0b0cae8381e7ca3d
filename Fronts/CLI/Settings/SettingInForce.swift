import LoansArguments
import LoansCore

extension SettingDeclaration {
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
