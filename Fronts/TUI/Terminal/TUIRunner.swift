import Glibc
import LoansCore

/// Runs the TUI on the process's terminal (the full-screen front).
public enum TUIRunner {
    /// Shows the loans until the user quits. Between events it sleeps on the live-agenda port,
    /// which wakes it for a key (or a resize) on the terminal and when the answer may have
    /// changed; after a failed read it also wakes a second later to try again. Keys already typed
    /// are all handled before the next draw. The terminal is restored on return, on a thrown
    /// error and, through the signal guard, on a signal.
    public static func run(today: Today, stores: any LoanStores, changes: any AgendaChanges, colors: Bool) throws(TerminalError) {
        let terminal = try CursesTerminal(colors: colors)
        defer { terminal.close() }
        // A resize is taken only while waiting on the port (which lets it through), so one that
        // comes while the screen is drawn is not lost until the next key.
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        pthread_sigmask(SIG_BLOCK, &resize, nil)
        defer { pthread_sigmask(SIG_UNBLOCK, &resize, nil) }
        var app = TUIApp(today: today, stores: stores, width: terminal.width, height: terminal.height)
        terminal.draw(app.screen)
        while !app.isFinished {
            let retry = app.failure == nil ? nil : 1000
            switch changes.next(input: STDIN_FILENO, output: nil, timeoutMilliseconds: retry) {
            case .answerMayHaveChanged, .timeout:
                app.handle(.changed)
            case .input, .outputClosed:
                for event in terminal.pendingEvents() where !app.isFinished {
                    if event == .key(.control("l")) { terminal.repaint() }
                    app.handle(event)
                }
            }
            terminal.draw(app.screen)
        }
    }
}
