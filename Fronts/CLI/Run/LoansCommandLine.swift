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

    private static func execute(
        _ arguments: [String], environment: [String: String], console: Console, clock: any Clock
    ) throws -> ExitCode {
        let raw = try RawInvocation.parse(arguments, spec: CommandCatalog.spec)
        let settings = try Settings(raw.globals, environment: environment)
        if settings.help {
            try HelpText.write(topic: raw.command, to: console.out)
            return .success
        }
        if settings.version {
            console.out.line("loans \(version)")
            return .success
        }
        let now = clock.now()
        let policy = DuePolicy(today: settings.today ?? now.today, window: settings.window)
        let command = try CommandBuilder(raw: raw, today: policy.today).build()
        if case .help(let topic) = command {
            try HelpText.write(topic: topic, to: console.out)
            return .success
        }
        let stores = try StoreProvider(source: settings.source, environment: environment, today: policy.today)
        defer { stores.close() }
        let request = Request(
            settings: settings, policy: policy, now: now, clock: clock, environment: environment,
            stores: stores, console: console
        )
        switch command {
        case .widget(let options):
            return try WidgetCommand(request: request).run(options)
        case .json(let options):
            return try JSONCommand(request: request).run(options)
        case .importDocument(let path):
            return try ImportCommand(request: request).run(path)
        case .tui:
            return try TUICommand(request: request).run()
        case .home where TUICommand.terminalAttached:
            return try TUICommand(request: request).run()
        case _ where command.writes:
            try WriteCommands(request: request).run(command)
        default:
            try ReadCommands(request: request).run(command)
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
