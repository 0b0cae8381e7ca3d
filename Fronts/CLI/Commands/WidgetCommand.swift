import Glibc
import LoansCore
import LoansWidget

/// `loans widget`: the status-bar line. The summary is read once (one read-only
/// open, counts and the most urgent loan from indexed ranges), worded and fitted by the
/// widget presenter, then escaped and shaped by the view of the chosen bar.
struct WidgetCommand {
    static let spec = CommandSpec(
        name: "widget",
        options: ["--format": .value, "--max-width": .value, "--empty": .value, "--watch": .flag, "--pango": .flag],
        positionals: 0...0,
        usage: "loans widget [--format F] [--max-width N] [--empty TEXT] [--watch] [--pango]",
        detail: """
            One line for a status bar: the non-zero counts, then the most urgent loan and its day,
            e.g. "2 overdue · 3 due soon: The Hobbit (2 days overdue)". Nothing due prints an empty text.
              --format F      plain (default), tmux, i3blocks, i3bar, waybar, i3status-rust or polybar
              --max-width N   display columns of visible text, 1-1000 (default 50); the title gives way
              --empty TEXT    what to show when nothing is due (default: nothing, which bars hide)
              --watch         keep running; print a new line whenever the answer changes
              --pango         Pango-escape the text, for i3bar and i3blocks blocks with markup=pango
            Red means something is overdue, yellow that something is due soon. i3blocks exits 33 when
            anything is overdue. If the loans cannot be read, bar formats print "loans: error" in their
            own shape and exit 0 (the message goes to stderr); plain exits non-zero.
            Snippets for each bar: Docs/StatusBars.md.
            """
    )

    struct Options: Equatable {
        var format: WidgetFormat = .plain
        var maxWidth = WidgetPresenter.defaultMaxWidth
        var empty = ""
        var watch = false
        var pango = false
    }

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options {
        var options = Options()
        if let text = raw.options["--format"] {
            guard let format = WidgetFormat(rawValue: text) else {
                let names = WidgetFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("--format: \(Quoted(text)) is not a format (\(names))", spec.usage)
            }
            options.format = format
        }
        if let text = raw.options["--max-width"] {
            let range = WidgetPresenter.maxWidthRange
            guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let columns = Int(text), range.contains(columns)
            else {
                throw .usage("--max-width: \(Quoted(text)) is not a number of columns from \(range.lowerBound) to \(range.upperBound)", spec.usage)
            }
            options.maxWidth = columns
        }
        options.empty = raw.options["--empty"] ?? ""
        options.watch = raw.options["--watch"] != nil
        options.pango = raw.options["--pango"] != nil
        if options.pango, !options.format.acceptsPango {
            throw .usage("--pango applies to --format i3bar, i3blocks, waybar and i3status-rust, not \(options.format.rawValue)", spec.usage)
        }
        return options
    }

    let request: Request

    func run(_ options: Options) throws -> ExitCode {
        let colour = isatty(STDOUT_FILENO) == 1 && (request.environment["NO_COLOR"] ?? "").isEmpty
        let style = WidgetStyle(format: options.format, pango: options.pango, colour: colour)
        let presenter = WidgetPresenter(maxWidth: options.maxWidth, maxBytes: style.visibleBytes, empty: options.empty)
        let answer = WidgetAnswer(style: style, presenter: presenter)
        if options.watch { return try watch(answer) }
        let text = try answer.text { try AgendaQuery(store: request.stores.reader()).summary(request.policy) } report: {
            request.console.err.line("loans: " + $0)
        }
        let output = style.render(text)
        for line in output.lines { request.console.out.line(line) }
        return output.urgent ? .urgent : .success
    }

    /// `--watch`: the widget's own loop over a live session of the stores; each new failure
    /// message goes to stderr once.
    private func watch(_ answer: WidgetAnswer) throws -> ExitCode {
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
