import LoansAdapters
import LoansArguments
import LoansCore
import LoansText

/// The composition root: parses the words, reads the clock once, opens the right store and
/// hands the request to the use cases and fronts.
package enum LoansCommandLine {
    package static let version = "0.4.0"

    /// Runs the process's own invocation: its arguments and environment as the bytes given.
    package static func main(console: Console) -> ExitCode {
        RunCleanup.installEarly()
        return run(ProcessEnvironment.arguments().map(Word.init), environment: .process, console: console, clock: SystemClock())
    }

    /// Runs one invocation (`arguments` without the program name, each as the bytes given) and
    /// returns its exit code.
    package static func run(
        bytes arguments: [[UInt8]], environment: [String: [UInt8]], console: Console, clock: any Clock = SystemClock()
    ) -> ExitCode {
        run(arguments.map(Word.init), environment: Environment(environment), console: console, clock: clock)
    }

    private static func run(_ words: [Word], environment: Environment, console: Console, clock: any Clock) -> ExitCode {
        var code: ExitCode
        do {
            code = try execute(words, environment: environment, console: console, clock: clock)
        } catch {
            let failure = ErrorReport(error)
            console.out.discardPending()
            // Completion asks while the user types: a failure shows nothing.
            if words.first?.bytes != Array(CommandName.complete.rawValue.utf8) {
                console.err.line("loans: " + failure.message)
                if let usage = failure.usage { console.err.line("Usage: " + usage) }
            }
            code = failure.code
        }
        console.out.flush()
        console.err.flush()
        return code
    }

    /// Runs one invocation given as text (tests, tools): the same as the bytes of each word.
    package static func run(
        _ arguments: [String], environment: [String: String], console: Console, clock: any Clock = SystemClock()
    ) -> ExitCode {
        run(bytes: arguments.map { Array($0.utf8) }, environment: environment.mapValues { Array($0.utf8) }, console: console, clock: clock)
    }

    /// What the words of one invocation ask for, checked before anything is opened.
    enum Parsed {
        /// Help for loans, or for one command.
        case help(CommandDeclaration?)
        case version
        /// `loans` alone: the TUI on a terminal, the agenda as text otherwise.
        case home(Settings, Today, Now)
        /// A command to run, with which day it is and the moment the run started.
        case run(any LoansCommand, Settings, Today, Now)
    }

    /// Parses and checks every word, option, environment variable, config line, id and date. The
    /// clock is read here, once: dates typed relative to today and every query of the run use it.
    static func parse(_ arguments: [Word], environment: Environment, clock: any Clock) throws -> Parsed {
        let words: ArgumentWords
        do throws(UsageError) {
            words = try ArgumentWords(arguments, globalOptions: GlobalOptions.all, help: GlobalOptions.help, lookup: { CommandName.named($0)?.declaration }) {
                ProgramDescription.loans.commandNames
            }
        } catch {
            throw CLIError.usage(error.message, error.usage)
        }
        if words.helping { return .help(words.command) }
        if words.globals[GlobalOptions.version.name] != nil { return .version }
        // A command that needs nothing of the run reads neither the config file nor the
        // environment: its settings are the defaults and the options given.
        let standalone = words.command?.standalone == true
        let settings = try Settings(words.globals, environment: standalone ? Environment([:]) : environment)
        let today = Today(fixed: settings.today, window: settings.window, clock: clock)
        let now = today.now()
        guard let declaration = words.command, let command = CommandName.named(declaration.name) else {
            return .home(settings, today, now)
        }
        let input = try CommandInput(words, declaration: declaration, settings: settings, today: now.today)
        return .run(try command.type.init(input), input.settings, today, now)
    }

    /// Checks the words only (for the argument fuzzer): `.success` or the exit code and
    /// message a run would report, without touching any store or printing anything.
    package static func check(bytes arguments: [[UInt8]], environment: [String: [UInt8]], now: Now) -> (ExitCode, String?) {
        do {
            _ = try parse(arguments.map(Word.init), environment: Environment(environment), clock: StoppedClock(now))
            return (.success, nil)
        } catch {
            let report = ErrorReport(error)
            return (report.code, report.message)
        }
    }

    private static func execute(_ arguments: [Word], environment: Environment, console: Console, clock: any Clock) throws -> ExitCode {
        let command: any LoansCommand
        let settings: Settings
        let today: Today
        let now: Now
        switch try parse(arguments, environment: environment, clock: clock) {
        case .help(let declaration):
            console.out.line(declaration.map(HelpText(.loans).command) ?? HelpText(.loans).overview())
            return .success
        case .version:
            console.out.line("loans \(version)")
            return .success
        case .home(let checkedSettings, let checkedToday, let checkedNow):
            command = TUICommand.terminalAttached ? TUICommand() : AgendaCommand()
            (settings, today, now) = (checkedSettings, checkedToday, checkedNow)
        case .run(let checkedCommand, let checkedSettings, let checkedToday, let checkedNow):
            (command, settings, today, now) = (checkedCommand, checkedSettings, checkedToday, checkedNow)
        }
        // The program a run is handed over to warns for itself.
        if arguments.first?.bytes != Array(CommandName.complete.rawValue.utf8), !command.handsRunOver, let warning = passwordWarning(settings) {
            console.err.line(warning)
            console.err.flush()  // now: a run that keeps going (serve, --watch) may end only at a signal
        }
        let stores = try StoreProvider(
            location: settings.location, environment: environment, today: now.today, clock: clock
        )
        defer { stores.close() }
        let request = Request(
            settings: settings, today: today, now: now, environment: environment, stores: stores, console: console,
            arguments: arguments.map(\.bytes)
        )
        return try command.run(request)
    }
}

extension LoansCommandLine {
    /// The warning for a password given in `--db` itself: the process list shows it to every user
    /// of the machine until loans masks its arguments (nil when there is none).
    static func passwordWarning(_ settings: Settings) -> String? {
        guard case .server(let server) = settings.location, server.holdsPassword,
              case .option = settings.table.first(where: { $0.key == SettingKey.db.key })?.source
        else { return nil }
        return "loans: warning: the password in --db shows in the process list (ps) to anyone on this machine until loans hides it; keep it in ~/.pgpass or PGPASSWORD instead"
    }
}

/// What one run has to work with: the settings, which day it is (asked again by fronts that
/// keep running) and the moment the run started (read once: every query of a one-shot command
/// uses it), the stores and the console.
struct Request {
    let settings: Settings
    let today: Today
    let now: Now
    let environment: Environment
    let stores: StoreProvider
    let console: Console
    /// The run's words as given, before a secret among them was masked for `ps` (`serve` starts
    /// its dynamically linked companion with them).
    let arguments: [[UInt8]]

    /// Today and the window as of the run's start.
    var policy: DuePolicy { today.policy(at: now) }

    /// Whether text on stdout is coloured: the one colour rule (`ColourChoice`) applied to the
    /// settings, the terminal and `TERM`.
    var colours: Bool {
        settings.colour.colours(terminal: console.out.isTerminal, term: environment.text("TERM"))
    }

    /// The store for a one-shot read. A database file that does not exist yet reads as empty;
    /// on a terminal, stderr then says so first, so an empty answer from a mistyped `--db` is not
    /// taken for an empty database — never into a pipe or a file, and never for a bar (whose
    /// command reads the store itself).
    func reader() throws -> any LoanReading {
        let reader = try stores.reader()
        if console.err.isTerminal, let path = try stores.missingFile() {
            console.err.line("loans: no database at \(Quoted(path)) yet (the first add or import makes it)")
        }
        return reader
    }

    /// A text table streamed to stdout, coloured by the colour rule.
    var textTable: TextTableWriter {
        TextTableWriter(colour: colours, into: console.out)
    }
}
