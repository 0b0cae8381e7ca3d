import LoansCore
import LoansText

/// The options every command accepts, before or after the command's name.
enum GlobalOptions {
    static let db = OptionDeclaration(
        "--db", .path, "PATH", help: "the database file (default $XDG_DATA_HOME/loans/loans.db)", environment: "LOANS_DB"
    )
    static let fixture = OptionDeclaration("--fixture", .path, "FILE", help: "read loans from a JSON document instead (read-only)")
    static let today = OptionDeclaration(
        "--today", .date(.calendarDate), "DATE", help: "pretend today is DATE", environment: "LOANS_TODAY"
    )
    static let window = OptionDeclaration(
        "--window", .number(0...DueWindow.maximumDays, unit: "days"), "N",
        help: "\"due soon\" means due within N days, 0-\(DueWindow.maximumDays) (default \(DueWindow.standard.days))",
        environment: "LOANS_WINDOW"
    )
    static let color = OptionDeclaration(
        "--color", .choice(ColourChoice.allCases.map(\.rawValue), noun: "colour choice"), "WHEN",
        help: "when to colour text: auto (the default) colours a terminal unless TERM=dumb", environment: "NO_COLOR"
    )
    static let demo = OptionDeclaration("--demo", .flag, help: "use a throwaway database seeded with loans around today")
    static let help = OptionDeclaration("--help", .flag, help: "show help", short: "-h")
    static let version = OptionDeclaration("--version", .flag, help: "show the version")

    static let all = [db, fixture, today, window, color, demo, help, version]

    /// The global option spelled `word`.
    static func option(_ word: String) -> OptionDeclaration? {
        all.first { $0.spellings.contains(word) }
    }
}
