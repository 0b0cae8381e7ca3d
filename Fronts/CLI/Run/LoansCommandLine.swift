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
        let code: ExitCode
        do {
            try execute(arguments, environment: environment, console: console, clock: clock)
            code = .success
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
    ) throws {
        let raw = try RawInvocation.parse(arguments, spec: CommandCatalog.spec)
        let settings = try Settings(raw.globals, environment: environment)
        if settings.help {
            return try HelpText.write(topic: raw.command, to: console.out)
        }
        if settings.version {
            return console.out.line("loans \(version)")
        }
        let now = clock.now()
        let policy = DuePolicy(today: settings.today ?? now.today, window: settings.window)
        let command = try CommandBuilder(raw: raw, today: policy.today).build()
        if case .help(let topic) = command {
            return try HelpText.write(topic: topic, to: console.out)
        }
        let stores = try StoreProvider(source: settings.source, environment: environment, today: policy.today)
        defer { stores.close() }
        let request = Request(policy: policy, now: now, stores: stores, console: console)
        if command.writes {
            try WriteCommands(request: request).run(command)
        } else {
            try ReadCommands(request: request).run(command)
        }
    }
}

/// What one run has to work with: the policy captured once, the stores and the console.
struct Request {
    let policy: DuePolicy
    let now: Now
    let stores: StoreProvider
    let console: Console
}
