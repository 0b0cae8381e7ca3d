import LoansAdapters
import LoansArguments
import LoansCore
import LoansText

/// Where the value of a setting came from.
enum SettingSource: Equatable {
    case option(String)
    case environment(String)
    case config(SystemPath, line: Int)
    case byDefault
    /// The value of another setting, by its key (`calendar.alarms` follows `remind.lead`).
    case sameAs(String)

    var description: String {
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
struct SettingSources {
    let globals: OptionValues
    /// The command's own options, once they are read.
    var command: CommandOptions?
    let environment: Environment
    let config: ConfigFile?

    /// The value given for `option` when it is a global option or one of the command's.
    func value(of option: OptionDeclaration) -> (any Sendable)? {
        if GlobalOptions.all.contains(option) { return globals.value(of: option) }
        if let command, command.declaration.options.contains(option) { return command.values.value(of: option) }
        return nil
    }
}

/// The options given to a command, and its declaration.
struct CommandOptions {
    let values: OptionValues
    let declaration: CommandDeclaration
}

/// The global options, the environment and the config file, checked and resolved: each setting
/// of `SettingKey` as its declaration says (option > environment > config file > default).
struct Settings {
    /// Where the loans are.
    private(set) var location: StoreLocation = .file(nil)
    /// `--today` / `LOANS_TODAY`, when given.
    private(set) var today: CivilDate?
    /// The config file's place (whether or not it exists).
    let configPath: SystemPath?
    private var sources: SettingSources
    /// Each setting in force, in the table's order.
    private var inForce: [SettingInForce] = []

    /// The config file, when it exists, with its settings.
    var config: ConfigFile? { sources.config }
    /// The environment of the run.
    var environment: Environment { sources.environment }

    init(_ globals: ByName<Word>, environment: Environment) throws(CLIError) {
        let given = try OptionValues(globals, globals.compactMap { GlobalOptions.option($0.name) }, today: .earliest) { CLIError.usage($0, nil) }
        if let violation = OptionRule.violation(of: GlobalOptions.rules, given: { globals[$0.name] != nil }, who: CommandName.program) {
            throw .usage(violation, nil)
        }
        today = given[GlobalOptions.today]
        if today == nil, let name = GlobalOptions.today.environment, let word = environment[name] {
            do {
                today = try GlobalOptions.today.read(word.bytes, label: name, today: .earliest)
            } catch {
                throw .usage(error.message, nil)
            }
        }
        configPath = ConfigFile.location(environment)
        let config = try configPath.flatMap { path throws(CLIError) in try ConfigFile.load(path, home: environment["HOME"]?.bytes) }
        sources = SettingSources(globals: given, environment: environment, config: config)
        try resolve()
        location = StoreLocation(fixture: given[GlobalOptions.fixture], demo: given[GlobalOptions.demo], database: self[SettingKey.db])
    }

    /// These settings with the options of `command` that override settings (`widget --format`,
    /// `remind --lead`): what the command's `init` reads. Only the settings given by such an
    /// option are resolved again, and those that follow one of them (a setting follows one
    /// listed before it in the table).
    func overridden(by values: OptionValues, of command: CommandDeclaration) throws(CLIError) -> Settings {
        var settings = self
        settings.sources.command = CommandOptions(values: values, declaration: command)
        var changed: [String] = []
        for (index, setting) in SettingKey.all.enumerated() {
            let given = setting.option.map { command.options.contains($0) && values.value(of: $0) != nil } ?? false
            let follows = if case .sameAs(let key) = inForce[index].source { changed.contains(key) } else { false }
            guard given || follows else { continue }
            settings.inForce[index] = try setting.resolve(settings.sources)
            changed.append(setting.key)
        }
        return settings
    }

    /// Every setting of the table, resolved from the sources.
    private mutating func resolve() throws(CLIError) {
        var inForce: [SettingInForce] = []
        inForce.reserveCapacity(SettingKey.all.count)
        for setting in SettingKey.all {
            inForce.append(try setting.resolve(sources))
        }
        self.inForce = inForce
    }

    /// The value of `setting` in force.
    subscript<Value>(_ setting: Setting<Value>) -> Value {
        // Cast back to the type of the setting's reader, which read it (or of its default).
        if let entry = inForce.first(where: { $0.key == setting.key }), let value = entry.value as? Value { return value }
        // Not in the table (so nothing can give it): its default.
        return setting.defaultValue()
    }

    /// Every setting of the table in force, in the table's order (for `loans config`): its key,
    /// its value shown, and where the value came from.
    var table: [(key: String, shown: String, source: SettingSource)] {
        zip(SettingKey.all, inForce).map { setting, entry in (setting.key, setting.shown(entry.value), entry.source) }
    }

    var window: DueWindow { self[SettingKey.window] }
    var colour: ColourChoice { self[SettingKey.colour] }
}
