import LoansAdapters
import LoansArguments
import LoansCore
import LoansText

/// The global options, the environment and the config file, checked and resolved: each setting
/// of `SettingKey` as its declaration says (option > environment > config file > default).
struct Settings {
    /// Where the loans are.
    private(set) var location: StoreLocation = .file(nil)
    /// `--today` / `LOANS_TODAY`, when given.
    private(set) var today: CivilDate?
    /// The config file's place (whether or not it exists).
    let configPath: SystemPath?
    /// Each setting of the table in force.
    private var resolved: ResolvedSettings

    /// The config file, when it exists, with its settings.
    var config: ConfigFile? { resolved.config }
    /// The environment of the run.
    let environment: Environment

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
        self.environment = environment
        configPath = ConfigFile.location(of: CommandName.program, environment)
        do {
            let config = try configPath.flatMap { path throws(SettingsError) in try ConfigFile.load(path, home: environment["HOME"]?.bytes) }
            let sources = SettingSources(globals: given, globalOptions: GlobalOptions.all, environment: environment, config: config)
            resolved = try ResolvedSettings(SettingKey.all, from: sources)
        } catch {
            throw CLIError(error)
        }
        location = StoreLocation(fixture: given[GlobalOptions.fixture], demo: given[GlobalOptions.demo], database: self[SettingKey.db])
    }

    /// These settings with the options of `command` that override settings (`widget --format`,
    /// `remind --lead`): what the command's `init` reads.
    func overridden(by values: OptionValues, of command: CommandDeclaration) throws(CLIError) -> Settings {
        var settings = self
        do {
            settings.resolved = try resolved.overridden(by: values, of: command)
        } catch {
            throw CLIError(error)
        }
        return settings
    }

    /// The value of `setting` in force.
    subscript<Value>(_ setting: Setting<Value>) -> Value {
        resolved[setting]
    }

    /// Every setting of the table in force, in the table's order (for `loans config`): its key,
    /// its value shown, and where the value came from.
    var table: [(key: String, shown: String, source: SettingSource)] {
        resolved.rows
    }

    var window: DueWindow { self[SettingKey.window] }
    var colour: ColourChoice { self[SettingKey.colour] }
}
