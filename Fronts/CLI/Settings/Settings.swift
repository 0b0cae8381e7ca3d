import LoansAdapters
import LoansCore
import LoansText
import LoansWidget

/// Where loans are read from and written to.
enum DataSource: Equatable {
    /// The SQLite database: the path given (by option, environment or config file), or nil for
    /// the default place, resolved when first needed.
    case database(SystemPath?)
    /// A read-only fixture document.
    case fixture(SystemPath)
    /// A throwaway database seeded around today.
    case demo
}

/// Where the value of a setting came from.
enum SettingSource: Equatable {
    case option(String)
    case environment(String)
    case config(SystemPath, line: Int)
    case byDefault
    /// The value of another setting (`calendar.alarms` follows `remind.lead`).
    case sameAs(SettingKey)

    var description: String {
        switch self {
        case .option(let name): "option \(name)"
        case .environment(let name): "environment \(name)"
        case .config(let path, let line): "\(ConfigFile.shown(path)):\(line)"
        case .byDefault: "default"
        case .sameAs(let key): "same as \(key.rawValue)"
        }
    }
}

/// A setting's value in force and where it came from.
struct Setting: Equatable {
    let value: Value?
    let source: SettingSource
}

/// The global options, the environment and the config file, checked and resolved: for each
/// setting, option > environment > config file > default.
struct Settings {
    private(set) var source: DataSource = .database(nil)
    /// `--today` / `LOANS_TODAY`, when given.
    private(set) var today: CivilDate?
    /// Each key's setting, in `SettingKey.allCases` order.
    private var settings: [Setting] = []
    /// The config file's place (whether or not it exists) and, when it exists, its settings.
    let configPath: SystemPath?
    let config: ConfigFile?
    /// The environment of the run.
    let environment: Environment

    init(_ globals: ByName<Word>, environment: Environment) throws(CLIError) {
        self.environment = environment
        func read(_ option: OptionDeclaration, _ word: Word, label: String) throws(CLIError) -> Value {
            do {
                return try option.kind.read(word.bytes, label: label, today: .earliest)
            } catch {
                throw .usage(error.message, nil)
            }
        }
        var given = ByName<Value>()
        for (name, word) in globals {
            guard let option = GlobalOptions.option(name), option.kind != .flag else { continue }
            given[name] = try read(option, word, label: name)
        }
        let fixture = given[GlobalOptions.fixture.name]?.path
        let demo = globals[GlobalOptions.demo.name] != nil
        let explicitDB = given[GlobalOptions.db.name]
        if fixture != nil, explicitDB != nil { throw .usage("--fixture and --db cannot be combined", nil) }
        if fixture != nil, demo { throw .usage("--fixture and --demo cannot be combined", nil) }
        if demo, explicitDB != nil { throw .usage("--demo and --db cannot be combined", nil) }
        if let name = GlobalOptions.today.environment, given[GlobalOptions.today.name] == nil, let word = environment[name] {
            given[GlobalOptions.today.name] = try read(GlobalOptions.today, word, label: name)
        }
        today = given[GlobalOptions.today.name]?.date

        configPath = ConfigFile.location(environment)
        config = try configPath.flatMap { path throws(CLIError) in try ConfigFile.load(path) }
        for key in SettingKey.allCases {
            if let option = key.option, let value = given[option.name] {
                settings.append(Setting(value: value, source: .option(option.name)))
            } else if key == .color, environment["NO_COLOR"] != nil {
                settings.append(Setting(value: .choice(ColourChoice.never.rawValue), source: .environment("NO_COLOR")))
            } else if let name = key.environment, key != .color, let word = environment[name], let option = key.option {
                settings.append(Setting(value: try read(option, word, label: name), source: .environment(name)))
            } else if let config, let entry = config.entries[key] {
                settings.append(Setting(value: entry.value, source: .config(config.path, line: entry.line)))
            } else if key == .calendarAlarms {
                settings.append(Setting(value: self[.remindLead].value, source: .sameAs(.remindLead)))
            } else {
                settings.append(Setting(value: key.defaultValue, source: .byDefault))
            }
        }
        if let fixture {
            source = .fixture(fixture)
        } else if demo {
            source = .demo
        } else {
            source = .database(self[.db].value?.path)
        }
    }

    /// The setting of `key` in force.
    subscript(_ key: SettingKey) -> Setting {
        guard let index = SettingKey.allCases.firstIndex(of: key), settings.indices.contains(index) else {
            return Setting(value: key.defaultValue, source: .byDefault)
        }
        return settings[index]
    }

    var window: DueWindow { self[.window].value?.number.flatMap { DueWindow(days: $0) } ?? .standard }
    var colour: ColourChoice { self[.color].value?.choice.flatMap(ColourChoice.init) ?? .auto }
    var widgetFormat: WidgetFormat { self[.widgetFormat].value?.choice.flatMap(WidgetFormat.init) ?? .plain }
    var widgetMaxWidth: Int { self[.widgetMaxWidth].value?.number ?? WidgetPresenter.defaultMaxWidth }
    /// The reminder leads, the overdue interval and the calendar's alarms, checked for the
    /// commands that send reminders and write the calendar feed.
    var remindLeads: [Int] { self[.remindLead].value?.days ?? [] }
    var remindOverdueEvery: Int { self[.remindOverdueEvery].value?.number ?? 7 }
    var calendarAlarms: [Int] { self[.calendarAlarms].value?.days ?? remindLeads }
}
