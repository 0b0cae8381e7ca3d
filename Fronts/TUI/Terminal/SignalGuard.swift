import CNcurses
import Glibc

/// Restores the terminal when a signal ends the TUI: the handler calls `endwin` and then
/// dies of the same signal, so the shell sees the usual status (130 for Ctrl-C, 143 for a
/// TERM). Installed before ncurses starts, so ncurses keeps its hands off these signals;
/// ncurses still handles SIGWINCH (a resize) and SIGTSTP (Ctrl-Z) itself.
enum SignalGuard {
    /// Ending signals, and the faults a trap raises, after which the terminal must be usable.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

    static func install() {
        for number in signals {
            signal(number, restoreAndReraise)
        }
    }

    static func uninstall() {
        for number in signals {
            signal(number, SIG_DFL)
        }
    }
}

/// Ends curses mode, puts the default action back and raises the signal again.
private let restoreAndReraise: @convention(c) (Int32) -> Void = { number in
    endwin()
    signal(number, SIG_DFL)
    raise(number)
}
