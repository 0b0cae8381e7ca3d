import LoansAdapters
import LoansCalendar
import LoansCore

/// `loans calendar`: the iCalendar feed of the open loans, on standard output or replacing a
/// file in one step (`--output`), rewritten whenever the answer changes (`--watch`).
struct CalendarCommand {
    static let spec = CommandSpec(
        name: "calendar", options: ["--output": .value, "--alarms": .value, "--watch": .flag], positionals: 0...0,
        usage: "loans calendar [--output FILE] [--alarms 3,1,0] [--watch]",
        detail: """
            The open loans as an iCalendar feed for calendar apps and phones: one all-day event per
            loan on its due date ("Return Dune to City Library", "Get back Cordless drill from Sam"),
            its note as the description, an alarm at 09:00 on each alarm day.
              --output FILE     replace FILE in one step (a new file is private, 0600); default stdout
              --alarms 3,1,0    days before the due date for alarms (default the reminder leads; '' for none)
              --watch           keep running and rewrite FILE whenever the loans change (needs --output)
            Events keep their identity for the life of a loan; a renewal moves its event. Returned loans
            leave the feed. Subscribing and importing: Docs/Calendar.md.
            """
    )

    struct Options: Equatable {
        var output: String?
        var alarms: [Int] = ReminderSchedule.standard.leads
        var watch = false
    }

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options {
        var options = Options()
        options.output = raw.options["--output"]
        if options.output?.isEmpty == true { throw .usage("--output: the file name is empty", spec.usage) }
        if let text = raw.options["--alarms"] {
            guard let alarms = ReminderSchedule.days(parsing: text) else {
                throw .usage("--alarms: \(Quoted(text)) is not a list of days from 0 to \(ReminderSchedule.maximumDays) (e.g. 3,1,0)", spec.usage)
            }
            options.alarms = alarms
        }
        options.watch = raw.options["--watch"] != nil
        if options.watch, options.output == nil { throw .usage("--watch rewrites a file: give --output FILE", spec.usage) }
        return options
    }

    let request: Request

    var product: String { "loans \(LoansCommandLine.version)" }

    func run(_ options: Options) throws -> ExitCode {
        // A store that knows its identity; a database from before identities is upgraded here,
        // so that the watch below can read it as it is.
        let store = try request.stores.identifiedReader()
        let feed = CalendarFeed(query: CalendarFeedQuery(store: store), alarms: options.alarms, product: product)
        switch (options.output, options.watch) {
        case (nil, _):
            try feed.write { request.console.out.write(bytes: $0) }
            return .success
        case (let output?, false):
            let file = try AtomicFile(replacing: output)
            try feed.write(to: file.write)
            try file.commit()
            return .success
        case (let output?, true):
            watch(output, options)
        }
    }

    /// `--watch`: the calendar's own loop over a live session of the stores; each new failure
    /// message goes to stderr once. Runs until the process is stopped.
    private func watch(_ output: String, _ options: Options) -> Never {
        let session = LiveSession(request: request)
        let console = request.console
        CalendarWatch(stores: session, changes: session, alarms: options.alarms, product: product).run { body in
            let file = try AtomicFile(replacing: output)
            if try body(file.write) { try file.commit() } else { file.discard() }
        } report: { message in
            console.err.line("loans: " + message)
            console.err.flush()
        }
    }
}
