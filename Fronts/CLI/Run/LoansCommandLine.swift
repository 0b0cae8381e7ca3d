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
        case run(Settings, Command, DuePolicy)
    }

    /// Parses and checks every word, option, environment variable, id and date.
    static func parse(_ arguments: [String], environment: [String: String], now: Now) throws -> Parsed {
        let raw = try RawInvocation.parse(arguments, spec: CommandCatalog.spec)
        let settings = try Settings(raw.globals, environment: environment)
        if settings.help { return .help(raw.command.flatMap(CommandCatalog.spec)) }
        if settings.version { return .version }
        let policy = DuePolicy(today: settings.today ?? now.today, window: settings.window)
        if raw.command == "help" {
            guard let topic = raw.positionals.first else { return .help(nil) }
            guard let spec = CommandCatalog.spec(topic) else {
                throw CLIError.usage("no help for \(Quoted(topic)): it is not a command", "loans help [COMMAND]")
            }
            return .help(spec)
        }
        return .run(settings, try CommandBuilder(raw: raw, today: policy.today).build(), policy)
    }

    /// Checks the words only (for the argument fuzzer): `.success` or the exit code and
    /// message a run would report, without touching any store or printing anything.
    public static func check(_ arguments: [String], environment: [String: String], now: Now) -> (ExitCode, String?) {
        do {
            _ = try parse(arguments, environment: environment, now: now)
            return (.success, nil)
        } catch {
            let report = ErrorReport(error)
            return (report.code, report.message)
        }
    }

    private static func execute(
        _ arguments: [String], environment: [String: String], console: Console, clock: any Clock
    ) throws -> ExitCode {
        let now = clock.now()
        let settings: Settings
        let command: Command
        let policy: DuePolicy
        switch try parse(arguments, environment: environment, now: now) {
        case .help(let spec):
            HelpText.write(spec, to: console.out)
            return .success
        case .version:
            console.out.line("loans \(version)")
            return .success
        case .run(let checkedSettings, let checkedCommand, let checkedPolicy):
            (settings, command, policy) = (checkedSettings, checkedCommand, checkedPolicy)
        }
        let stores = try StoreProvider(source: settings.source, environment: environment, today: policy.today)
        defer { stores.close() }
        let request = Request(
            settings: settings, policy: policy, now: now, clock: clock, environment: environment,
            stores: stores, console: console
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
        case .importDocument(let path): return try ImportCommand(request: request).run(path)
        }
        return .success
    }
}

/// What one run has to work with: the settings, the policy captured once, the clock for
/// long-running fronts, the stores and the console.
struct Request {
    let settings: Settings
    let policy: DuePolicy
    let now: Now
    let clock: any Clock
    let environment: [String: String]
    let stores: StoreProvider
    let console: Console

    /// The policy at a later moment, for fronts that keep running (`--watch`, the TUI):
    /// today follows the clock unless `--today` fixed it.
    func policy(at now: Now) -> DuePolicy {
        DuePolicy(today: settings.today ?? now.today, window: settings.window)
    }
}
