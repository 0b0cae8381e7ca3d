import LoansAdapters
import LoansArguments
import LoansCore
import LoansSystem
import LoansWidget

/// What `loans widget --click BUTTON` starts before it prints the line: the TUI in the terminal
/// `widget.terminal` names, or the agenda as one desktop notification. Each program is run
/// directly (never through a shell: every word reaches it as written) and detached — its own
/// session, nothing of the bar's on its standard input, output or error — so the bar gets its
/// line at once and the program may live on.
enum WidgetClicks {
    /// The terminal with `loans tui` after its words: this very binary, reading the same loans as
    /// the click's run. A file's path and a fixture go as `--db`/`--fixture` with an absolute
    /// path (a terminal may start elsewhere); a server's location, which may carry a password,
    /// goes in `LOANS_DB` of the terminal's environment, never among its arguments (`ps` shows
    /// those to everyone). A fixed today goes along as `--today`.
    static func terminal(_ words: [String], _ request: Request) throws(CLIError) -> DeliveryProgram {
        var environment = request.environment.strings
        var command = [ownPath(), CommandName.tui.rawValue]
        switch request.settings.location {
        case .demo:
            command.append(GlobalOptions.demo.name)
        case .fixture(let path):
            command += [GlobalOptions.fixture.name, try absolute(path)]
        case .server(let server):
            environment[SettingKey.db.declaration.variable.name ?? "LOANS_DB"] = server.text
        case .file(let path?):
            command += [SettingKey.db.declaration.option?.name ?? "--db", try absolute(path)]
        case .file(nil):
            break
        }
        if let today = request.settings.today { command += [GlobalOptions.today.name, today.iso] }
        return DeliveryProgram(
            program: words[0], arguments: Array(words.dropFirst()) + command, environment: environment, input: nil,
            timeoutMilliseconds: 0
        )
    }

    /// The agenda as `notify-send` shows it, with the user's session bus (`DesktopNotification`).
    static func notification(_ text: WidgetText, _ request: Request) -> DeliveryProgram {
        let view = WidgetNotificationView(text)
        return DesktopNotification.program(
            urgency: view.urgency, summary: view.summary, body: view.body, environment: request.environment.strings,
            timeoutMilliseconds: 0
        )
    }

    /// The running binary (`/proc/self/exe`), else the name `loans` on PATH.
    private static func ownPath() -> String {
        SystemPath.runningProgram.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "loans"
    }

    /// `path` as text a terminal's command line can carry, made absolute from the current folder.
    private static func absolute(_ path: SystemPath) throws(CLIError) -> String {
        guard let text = String(validating: path.bytes, as: UTF8.self) else {
            throw CLIError(code: .failure, message: "widget --click: the path \(path) is not UTF-8, which a terminal's command line cannot carry")
        }
        if text.hasPrefix("/") { return text }
        guard let here = SystemPath.currentFolder.map({ String(decoding: $0.bytes, as: UTF8.self) }) else { return text }
        return (here.hasSuffix("/") ? here : here + "/") + text
    }
}

extension ValueReader where Value == WidgetClick {
    /// A mouse button as a bar gives it (1–255), or nothing: i3blocks' `$BLOCK_BUTTON` is empty
    /// when its timer, not a click, runs the block.
    static var click: Self {
        let buttons = WidgetClick.buttons
        return Self(.number(buttons, unit: "mouse button"), shown: button) { input throws(ValueError) in
            guard !input.bytes.isEmpty else { return .none }
            do throws(ValueError) {
                return WidgetClick(button: try input.number(buttons, unit: "mouse button"))
            } catch {
                let text = String(decoding: input.bytes, as: UTF8.self)
                throw ValueError(input.prefix + "\(Quoted(text)) is not a mouse button (\(buttons.lowerBound) to \(buttons.upperBound)), nor empty for no click")
            }
        }
    }

    /// The button a click means (none: the empty text).
    @Sendable private static func button(_ click: WidgetClick) -> String {
        switch click {
        case .openTUI: "1"
        case .showAgenda: "3"
        case .none: ""
        }
    }
}

extension ValueReader where Value == [String] {
    /// A program and the words it takes before a command, split at spaces and tabs — no shell,
    /// no quoting (`x-terminal-emulator -e`, `foot`, `kitty --`).
    static var words: Self {
        Self(.text, shown: spaced) { input throws(ValueError) in
            let text = try input.text()
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let program = words.first else {
                throw ValueError(input.prefix + "\(Quoted(text)) names no program (for example: x-terminal-emulator -e)")
            }
            guard !words.contains(where: { $0.unicodeScalars.contains(where: \.isTerminalControl) }) else {
                throw ValueError(input.prefix + "the words of \(Quoted(program)) hold a control character")
            }
            return words
        }
    }

    /// The words with a space between each two, written out by hand: the generic `joined` is
    /// not specialised in a closure like this, and looking up its conformances at run time cost
    /// every status bar's run 5 % of its instructions.
    @Sendable private static func spaced(_ words: [String]) -> String {
        var text = ""
        for word in words {
            if !text.isEmpty { text += " " }
            text += word
        }
        return text
    }
}
