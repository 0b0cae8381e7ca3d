/// Runs the TUI on the process's terminal (CONTRACT §6).
public enum TUIRunner {
    /// Shows the loans of `source` until the user quits. The input timeout (one second) is the
    /// tick that notices a new day and other processes' changes: a blocking wait, not a busy
    /// loop. Keys already typed are all handled before the next draw. The terminal is restored
    /// on return, on a thrown error and, through the signal guard, on a signal.
    public static func run(source: any LoanSource, colors: Bool) throws(TerminalError) {
        let terminal = try CursesTerminal(colors: colors)
        defer { terminal.close() }
        var app = TUIApp(source: source, width: terminal.width, height: terminal.height)
        terminal.draw(app.screen)
        while !app.isFinished {
            guard let event = terminal.nextEvent() else { continue }
            if event == .key(.control("l")) { terminal.repaint() }
            app.handle(event)
            while !app.isFinished, let pending = terminal.nextEvent(wait: false) {
                app.handle(pending)
            }
            terminal.draw(app.screen)
        }
    }
}
