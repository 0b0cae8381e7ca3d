import LoansAdapters
import LoansArguments
import LoansCore
import LoansWidget

/// `loans widget`: the status-bar line. The summary is read once (one read-only
/// open, counts and the most urgent loan from indexed ranges), worded and fitted by the
/// widget presenter, then escaped and shaped by the view of the chosen bar.
struct WidgetCommand: LoansCommand {
    static let empty = Option("--empty", .text, "TEXT", help: "what to show when nothing is due (default: nothing, which bars hide)")
    static let watch = Flag("--watch", help: "keep running; print a new line whenever the answer changes")
    static let pango = Flag("--pango", help: "Pango-escape the text, for i3bar and i3blocks blocks with markup=pango")
    static let click = Option(
        "--click", .click, "BUTTON",
        help: "a bar's click first: 1 opens the TUI in a terminal (widget.terminal), 3 shows the agenda as a desktop notification; empty (i3blocks' $BLOCK_BUTTON on a timed run) or another button, nothing more"
    )
    static let declaration = CommandDeclaration(
        CommandName.widget, abstract: "Print one line for a status bar.",
        discussion: """
            The non-zero counts, then the most urgent loan and its day, e.g. "2 overdue · 3 due soon: The Hobbit (2 days overdue)". Nothing due prints an empty text. waybar's tooltip lists the agenda's loans (at most 20, then "… and N more").

            Red means something is overdue, yellow that something is due soon. i3blocks exits 33 when anything is overdue. If the loans cannot be read, bar formats print "loans: error" in their own shape and exit 0 (the message goes to stderr); plain exits non-zero. The config file's widget.format and widget.max_width set the defaults.

            With --click, the click's program is started first, detached and without a shell — the terminal of widget.terminal (default "x-terminal-emulator -e") running loans tui on the same loans, or notify-send — and then the line is printed as usual, so a bar may run the same command for its clicks. A program that cannot start is reported on stderr; the line is printed all the same.
            """,
        rules: [.oneOf(required: false) { click; watch }]
    ) {
        SettingKey.widgetFormat
        SettingKey.widgetMaxWidth
        empty
        watch
        pango
        click
    }

    let format: WidgetFormat
    let maxWidth: Int
    let empty: String
    let watch: Bool
    let pango: Bool
    let click: WidgetClick
    let terminal: [String]

    init(_ input: CommandInput) throws(CLIError) {
        format = input.settings[SettingKey.widgetFormat]
        maxWidth = input.settings[SettingKey.widgetMaxWidth]
        empty = input[Self.empty] ?? ""
        watch = input[Self.watch]
        pango = input[Self.pango]
        click = input[Self.click] ?? .none
        terminal = input.settings[SettingKey.widgetTerminal]
        if pango, !format.acceptsPango {
            throw input.refusal("--pango applies to --format i3bar, i3blocks, waybar and i3status-rust, not \(format.rawValue)")
        }
    }

    func run(_ request: Request) throws -> ExitCode {
        let style = WidgetStyle(format: format, pango: pango, colour: request.colours)
        let presenter = WidgetPresenter(maxWidth: maxWidth, maxBytes: style.visibleBytes, empty: empty)
        let answer = WidgetAnswer(style: style, presenter: presenter, listing: click == .showAgenda)
        if watch { return try watch(answer, request) }
        // The terminal starts before the loans are read, so it inherits nothing the read opens.
        var started = click == .openTUI ? start(request) { () throws(CLIError) in try WidgetClicks.terminal(terminal, request) } : true
        let text = try answer.text { try AgendaQuery(store: request.stores.reader()).summary(request.policy, leading: answer.leading) } report: {
            request.console.err.line("loans: " + $0)
        }
        if click == .showAgenda { started = start(request) { WidgetClicks.notification(text, request) } }
        let output = style.render(text)
        for line in output.lines { request.console.out.line(line) }
        // A bar reads a non-zero exit as a broken block: only plain text says so by its status.
        if !started, format == .plain { return .failure }
        return output.urgent ? .urgent : .success
    }

    /// Starts the click's program; false, with the reason on stderr, when it cannot start.
    private func start(_ request: Request, _ program: () throws(CLIError) -> DeliveryProgram) -> Bool {
        do {
            try program().start()
            return true
        } catch {
            let reason = (error as? CLIError)?.message ?? String(describing: error)
            request.console.err.line("loans: the click's program did not start: " + reason)
            return false
        }
    }

    /// `--watch`: the widget's own loop over a live session of the stores; each new failure
    /// message goes to stderr once.
    private func watch(_ answer: WidgetAnswer, _ request: Request) throws -> ExitCode {
        WidgetCommand.unblockStopSignals()
        let session = LiveSession(request: request)
        let console = request.console
        try WidgetWatch(today: request.today, stores: session, changes: session, answer: answer).run(output: FileDescriptor.standardOutput.rawValue) { lines in
            for line in lines { console.out.line(line) }
            console.out.flush()
            return true
        } report: { message in
            console.err.line("loans: " + message)
            console.err.flush()
        }
        return .success
    }

    /// A bar stops its status command with a signal; a mask inherited from whoever started loans
    /// (a thread that blocks signals, say) must not make the loop unstoppable.
    private static func unblockStopSignals() {
        SignalSet.stopping.unblock()
    }
}
