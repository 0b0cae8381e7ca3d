import LoansCore

/// Where loans are read from and written to.
enum DataSource: Equatable {
    /// The SQLite database; the path is resolved when first needed.
    case database(explicitPath: String?)
    /// A read-only fixture document.
    case fixture(path: String)
    /// A throwaway database seeded around today.
    case demo
}

/// The global options and their environment variables, checked.
struct Settings {
    var source: DataSource = .database(explicitPath: nil)
    /// `--today` / `LOANS_TODAY`, when given.
    var today: CivilDate?
    var window: DueWindow = .standard
    var help = false
    var version = false

    init(_ globals: [String: String], environment: [String: String]) throws(CLIError) {
        help = globals["--help"] != nil || globals["-h"] != nil
        version = globals["--version"] != nil
        let fixture = globals["--fixture"]
        let demo = globals["--demo"] != nil
        if fixture != nil, globals["--db"] != nil { throw .usage("--fixture and --db cannot be combined", nil) }
        if fixture != nil, demo { throw .usage("--fixture and --demo cannot be combined", nil) }
        if demo, globals["--db"] != nil { throw .usage("--demo and --db cannot be combined", nil) }
        for option in ["--db", "--fixture"] where globals[option]?.isEmpty == true {
            throw .usage("\(option): the path is empty", nil)
        }
        if let fixture {
            source = .fixture(path: fixture)
        } else if demo {
            source = .demo
        } else {
            source = .database(explicitPath: globals["--db"])
        }
        if let text = globals["--today"] ?? environment["LOANS_TODAY"] {
            let name = globals["--today"] != nil ? "--today" : "LOANS_TODAY"
            do {
                today = try DateInput.absolute(text)
            } catch {
                throw .usage("\(name): \(error)", nil)
            }
        }
        if let text = globals["--window"] ?? environment["LOANS_WINDOW"] {
            let name = globals["--window"] != nil ? "--window" : "LOANS_WINDOW"
            guard let window = DueWindow(parsing: text) else {
                throw .usage("\(name): \(Quoted(text)) is not a number of days from 0 to \(DueWindow.maximumDays)", nil)
            }
            self.window = window
        }
    }
}
