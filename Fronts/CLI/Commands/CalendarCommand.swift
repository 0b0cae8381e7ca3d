import LoansAdapters
import LoansArguments
import LoansCalendar
import LoansCore

/// `loans calendar`: the iCalendar feed of the open loans, on standard output or replacing a
/// file in one step (`--output`), rewritten whenever the answer changes (`--watch`).
struct CalendarCommand: LoansCommand {
    static let output = Option(
        "--output", .path, "FILE", help: "replace FILE in one step (a new file is private, 0600; never another user's link in /tmp); default standard output"
    )
    static let watch = Flag("--watch", help: "keep running and rewrite FILE whenever the loans change (needs --output)")
    static let declaration = CommandDeclaration(
        CommandName.calendar, abstract: "Write the open loans as an iCalendar feed for calendar apps and phones.",
        discussion: """
            One all-day event per loan on its due date ("Return Dune to City Library", "Get back Cordless drill from Sam"), its note as the description, an alarm at 09:00 on each alarm day. Events keep their identity for the life of a loan; a renewal moves its event. Returned loans leave the feed. Subscribing and importing: Docs/Calendar.md.
            """
    ) {
        output
        SettingKey.calendarAlarms
        watch
    }

    let output: SystemPath?
    let alarms: [Int]
    let watch: Bool

    init(_ input: CommandInput) throws(CLIError) {
        output = input[Self.output]
        alarms = input.settings[SettingKey.calendarAlarms]
        watch = input[Self.watch]
        if watch, output == nil { throw input.refusal("--watch rewrites a file: give --output FILE") }
    }

    var product: String { "loans \(LoansCommandLine.version)" }

    func run(_ request: Request) throws -> ExitCode {
        // A store that knows its identity; a database from before identities is upgraded here,
        // so that the watch below can read it as it is.
        let store = try request.stores.identifiedReader()
        let feed = CalendarFeed(query: CalendarFeedQuery(store: store), alarms: alarms, product: product)
        switch (output, watch) {
        case (nil, _):
            try feed.write { request.console.out.write(bytes: $0) }
            return .success
        case (let output?, false):
            let file = try AtomicFile(replacing: output)
            try feed.write(to: file.write)
            try file.commit()
            return .success
        case (let output?, true):
            watch(output, request)
        }
    }

    /// `--watch`: the calendar's own loop over a live session of the stores; each new failure
    /// message goes to stderr once. Runs until the process is stopped.
    private func watch(_ output: SystemPath, _ request: Request) -> Never {
        let session = LiveSession(request: request)
        let console = request.console
        CalendarWatch(stores: session, changes: session, alarms: alarms, product: product).run { body in
            let file = try AtomicFile(replacing: output)
            if try body(file.write) { try file.commit() } else { file.discard() }
        } report: { message in
            console.err.line("loans: " + message)
            console.err.flush()
        }
    }
}
