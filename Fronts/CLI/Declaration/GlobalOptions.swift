import LoansArguments
import LoansCore

/// The options every command accepts, before or after the command's name. `--db`, `--window`
/// and `--color` are the options of settings (`SettingKey`), declared there with their defaults.
enum GlobalOptions {
    static let fixture = Option("--fixture", .path, "FILE", help: "read loans from a JSON document instead (read-only)")
    static let today = Option("--today", .date(.calendarDate), "DATE", help: "pretend today is DATE", environment: "LOANS_TODAY")
    static let demo = Flag("--demo", help: "use a throwaway database seeded with loans around today")
    static let help = Flag("--help", help: "show help", short: "-h")
    static let version = Flag("--version", help: "show the version")

    static let all = OptionList.of {
        SettingKey.db
        fixture
        today
        SettingKey.window
        SettingKey.colour
        demo
        help
        version
    }

    /// How they go together: the loans come from one place.
    static let rules: [OptionRule] = [.oneOf(required: false) { SettingKey.db; fixture; demo }]

    /// The global option spelled `word`.
    static func option(_ word: String) -> OptionDeclaration? {
        all.first { $0.spellings.contains(word) }
    }
}
