import Glibc
import LoansCore
import LoansWidget

/// `loans widget`: the status-bar line. The summary is read once (one read-only
/// open, counts and the most urgent loan from indexed ranges), worded and fitted by the
/// widget presenter, then escaped and shaped by the view of the chosen bar.
struct WidgetCommand: LoansCommand {
    static let empty = Option("--empty", .text, "TEXT", help: "what to show when nothing is due (default: nothing, which bars hide)")
    static let watch = Flag("--watch", help: "keep running; print a new line whenever the answer changes")
    static let pango = Flag("--pango", help: "Pango-escape the text, for i3bar and i3blocks blocks with markup=pango")
    static let declaration = CommandDeclaration(
        .widget, abstract: "Print one line for a status bar.",
        discussion: """
            The non-zero counts, then the most urgent loan and its day, e.g. "2 overdue · 3 due soon: The Hobbit (2 days overdue)". Nothing due prints an empty text.

            Red means something is overdue, yellow that something is due soon. i3blocks exits 33 when anything is overdue. If the loans cannot be read, bar formats print "loans: error" in their own shape and exit 0 (the message goes to stderr); plain exits non-zero. The config file's widget.format and widget.max_width set the defaults.
            """
    ) {
        SettingKey.widgetFormat
        SettingKey.widgetMaxWidth
        empty
        watch
        pango
    }

    let format: WidgetFormat
    let maxWidth: Int
    let empty: String
    let watch: Bool
    let pango: Bool

    init(_ input: CommandInput) throws(CLIError) {
        format = input.settings[SettingKey.widgetFormat]
        maxWidth = input.settings[SettingKey.widgetMaxWidth]
        empty = input[Self.empty] ?? ""
        watch = input[Self.watch]
        pango = input[Self.pango]
        if pango, !format.acceptsPango {
            throw input.refusal("--pango applies to --format i3bar, i3blocks, waybar and i3status-rust, not \(format.rawValue)")
        }
    }

    func run(_ request: Request) throws -> ExitCode {
        let style = WidgetStyle(format: format, pango: pango, colour: request.colours)
        let presenter = WidgetPresenter(maxWidth: maxWidth, maxBytes: style.visibleBytes, empty: empty)
        let answer = WidgetAnswer(style: style, presenter: presenter)
        if watch { return try watch(answer, request) }
        let text = try answer.text { try AgendaQuery(store: request.stores.reader()).summary(request.policy) } report: {
            request.console.err.line("loans: " + $0)
        }
        let output = style.render(text)
        for line in output.lines { request.console.out.line(line) }
        return output.urgent ? .urgent : .success
    }

    /// `--watch`: the widget's own loop over a live session of the stores; each new failure
    /// message goes to stderr once.
    private func watch(_ answer: WidgetAnswer, _ request: Request) throws -> ExitCode {
        WidgetCommand.unblockStopSignals()
        let session = LiveSession(request: request)
        let console = request.console
        try WidgetWatch(today: request.today, stores: session, changes: session, answer: answer).run(output: STDOUT_FILENO) { lines in
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
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&signals, signal) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }
}
