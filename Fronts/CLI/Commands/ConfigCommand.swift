import LoansAdapters
import LoansArguments
import LoansText

/// `loans config`: the settings in force and where each came from (an option, the environment,
/// a line of the config file, or the default).
struct ConfigCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.config, abstract: "Show the settings in force and where each came from.",
        discussion: """
            The config file is $XDG_CONFIG_HOME/loans/config (else ~/.config/loans/config): "key = value" lines, blank lines and # comments. An option wins over the environment, the environment over the file, the file over the default. An unknown key or a bad value stops loans with exit 78 and the file's name and line.
            """
    )

    init(_ input: CommandInput) {}

    func run(_ request: Request) throws -> ExitCode {
        let settings = request.settings
        let out = request.console.out
        let file = settings.configPath.map(ConfigFile.shown) ?? "none (neither XDG_CONFIG_HOME nor HOME is an absolute path)"
        out.line("# config file: \(file)\(settings.config == nil && settings.configPath != nil ? " (not present)" : "")")
        let rows = settings.table.map { key, value, source in
            let (value, source) = shown(key, value, source, request)
            return (key, value, source.description)
        }
        let width = rows.map { $0.0.count }.max() ?? 0
        for (key, value, source) in rows {
            out.line(key + String(repeating: " ", count: width - key.count) + " = " + value + "  (" + source + ")")
        }
        return .success
    }

    /// The value shown for `key` and its source: for `db`, the database as it will be opened,
    /// or what stands in for it; for a `remind.recipient` nothing gives, the login name.
    private func shown(_ key: String, _ value: String, _ source: SettingSource, _ request: Request) -> (String, SettingSource) {
        if key == SettingKey.remindRecipient.key, value.isEmpty { return (SystemAuthor.user(), source) }
        guard key == SettingKey.db.key else { return (value, source) }
        switch request.settings.location {
        case .fixture(let path): return ("none: reading the fixture " + ConfigFile.shown(path), .option(GlobalOptions.fixture.name))
        case .demo: return ("none: a throwaway demo database", .option(GlobalOptions.demo.name))
        case .server(let server): return (server.printable, source)
        case .file:
            let path = (try? request.stores.file())?.map { ConfigFile.shown($0.path) }
            return (path ?? "none: it cannot be located (neither XDG_DATA_HOME nor HOME is an absolute path)", source)
        }
    }
}
