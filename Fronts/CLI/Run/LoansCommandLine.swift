import LoansAdapters
import LoansCore

/// The composition root: parses the words, reads the clock once, opens the right store and
/// hands the request to the use cases and fronts.
public enum LoansCommandLine {
    public static let version = "0.1.0"

    /// Runs one invocation (`arguments` without the program name) and returns its exit code.
    public static func run(
        _ arguments: [String], environment: [String: String], console: Console, clock: any Clock = SystemClock()
    ) -> ExitCode {
        var code: ExitCode
        do {
            code = try execute(arguments, environment: environment, console: console, clock: clock)
        } catch {
            let failure = ErrorReport(error)
            console.out.discardPending()
            console.err.line("loans: " + failure.message)
            if let usage = failure.usage { console.err.line("Usage: " + usage) }
            code = failure.code
        }
        console.out.flush()
        console.err.flush()
        return code
    }

    /// What the words of one invocation ask for, checked before anything is opened.
    enum Parsed {
        /// Help for loans, or for the command of this spec.
        case help(CommandSpec?)
        case version
        /// A command to run, with which day it is and the moment the run started.
        case run(Settings, Command, Today, Now)
    }

    /// Parses and checks every word, option, environment variable, id and date. The clock is read
    /// here, once: dates typed relative to today and every query of the run use this reading.
    static func parse(_ arguments: [String], environment: [String: String], clock: any Clock) throws -> Parsed {
        let raw = try RawInvocation.parse(arguments, spec: CommandCatalog.spec)
        let settings = try Settings(raw.globals, environment: environment)
        if settings.help { return .help(raw.command.flatMap(CommandCatalog.spec)) }
        if settings.version { return .version }
        let today = Today(fixed: settings.today, window: settings.window, clock: clock)
        let now = today.now()
        if raw.command == "help" {
            guard let topic = raw.positionals.first else { return .help(nil) }
            guard let spec = CommandCatalog.spec(topic) else {
                throw CLIError.usage("no help for \(Quoted(topic)): it is not a command", "loans help [COMMAND]")
            }
            return .help(spec)
        }
        return .run(settings, try CommandBuilder(raw: raw, today: now.today).build(), today, now)
    }

    /// Checks the words only (for the argument fuzzer): `.success` or the exit code and
    /// message a run would report, without touching any store or printing anything.
    public static func check(_ arguments: [String], environment: [String: String], now: Now) -> (ExitCode, String?) {
        do {
            _ = try parse(arguments, environment: environment, clock: StoppedClock(now))
            return (.success, nil)
        } catch {
            let report = ErrorReport(error)
            return (report.code, report.message)
        }
    }

    private static func execute(
        _ arguments: [String], environment: [String: String], console: Console, clock: any Clock
    ) throws -> ExitCode {
        let settings: Settings
        let command: Command
        let today: Today
        let now: Now
        switch try parse(arguments, environment: environment, clock: clock) {
        case .help(let spec):
            HelpText.write(spec, to: console.out)
            return .success
        case .version:
            console.out.line("loans \(version)")
            return .success
        case .run(let checkedSettings, let checkedCommand, let checkedToday, let checkedNow):
            (settings, command, today, now) = (checkedSettings, checkedCommand, checkedToday, checkedNow)
        }
        let stores = try StoreProvider(
            source: settings.source, environment: environment, today: now.today, clock: clock
        )
        defer { stores.close() }
        let request = Request(
            settings: settings, today: today, now: now, environment: environment, stores: stores, console: console
        )
        let reads = ReadCommands(request: request)
        let writes = WriteCommands(request: request)
        switch command {
        case .home where TUICommand.terminalAttached, .tui: return try TUICommand(request: request).run()
        case .home, .agenda: try reads.agenda()
        case .overdue: try reads.overdue()
        case .dueSoon: try reads.dueSoon()
        case .list(let selection): try reads.list(selection)
        case .show(let id): try reads.show(id)
        case .add(let draft): try writes.add(draft)
        case .edit(let id, let edit): try writes.edit(id, edit)
        case .renew(let id, let target): try writes.renew(id, target)
        case .returnLoan(let id, let date): try writes.returnLoan(id, on: date)
        case .remove(let id): try writes.remove(id)
        case .widget(let options): return try WidgetCommand(request: request).run(options)
        case .json(let options): return try JSONCommand(request: request).run(options)
        case .importDocument(let path, let options): return try ImportCommand(request: request).run(path, options)
        case .history(let loan, let limit): try HistoryCommands(request: request).history(of: loan, limit: limit)
        case .undo(let skipping): try HistoryCommands(request: request).undo(skippingBlocked: skipping)
        case .redo: try HistoryCommands(request: request).redo()
        case .reopen(let id): try HistoryCommands(request: request).reopen(id)
        case .remind(let options): return try RemindCommand(request: request).run(options)
        case .calendar(let options): return try CalendarCommand(request: request).run(options)
        }
        return .success
    }
}

/// What one run has to work with: the settings, which day it is (asked again by fronts that
/// keep running) and the moment the run started (read once: every query of a one-shot command
/// uses it), the stores and the console.
struct Request {
    let settings: Settings
    let today: Today
    let now: Now
    let environment: [String: String]
    let stores: StoreProvider
    let console: Console

    /// Today and the window as of the run's start.
    var policy: DuePolicy { today.policy(at: now) }
}
