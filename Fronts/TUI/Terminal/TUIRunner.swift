import Glibc
import LoansCore

/// Runs the TUI on the process's terminal (the full-screen front).
package enum TUIRunner {
    /// Whether the terminal `TERM` names can show the full screen; when it cannot (`TERM=dumb`,
    /// an unknown terminal), the caller shows the agenda as text instead.
    package static var terminalIsDrivable: Bool { CursesTerminal.isDrivable }

    /// Shows the loans until the user quits. Between events it sleeps on the live-agenda port,
    /// which wakes it for input on the terminal, when the terminal may have changed size and
    /// when the answer may have changed; after a failed read it also wakes to try again, as
    /// `RetryPause` schedules (the port's loop owns the signals: a resize never interrupts a draw).
    /// Everything already typed or pasted is handled before the next draw. When the terminal
    /// goes away (end of file, EIO, a hang-up), it stops at once with an error. The terminal is
    /// restored on return, on a thrown error and, through the signal guard, on a signal.
    package static func run(
        today: Today, stores: any LoanStores, changes: any AgendaChanges, colours: Bool, demo: Bool = false
    ) throws(TerminalError) {
        let terminal = try CursesTerminal(colours: colours)
        defer { terminal.close() }
        var input = TerminalInput()
        var app = TUIApp(today: today, stores: stores, width: terminal.width, height: terminal.height, demo: demo)
        terminal.draw(app.screen)
        while !app.isFinished {
            switch changes.next(input: STDIN_FILENO, output: nil, timeoutMilliseconds: app.retryMilliseconds) {
            case .answerMayHaveChanged, .timeout:
                app.handle(.changed)
            case .resized:
                break  // the size is read below, after every wake-up
            case .input, .outputClosed:
                guard let events = input.pendingEvents() else {
                    throw TerminalError(description: "tui: the terminal went away")
                }
                for event in events where !app.isFinished {
                    if event == .key(.control("l")) { terminal.repaint() }
                    app.handle(event)
                }
            }
            if let resize = terminal.resize() { app.handle(resize) }
            terminal.draw(app.screen)
        }
    }
}
