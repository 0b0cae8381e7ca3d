import CNcurses
import Glibc

/// Restores the terminal when a signal ends the TUI: the handler calls `endwin`, puts back the
/// action that was there before the TUI started and raises the signal again — so a handler of
/// the run's own (removing a demo database, say) still runs, and the process then dies of the
/// signal with the usual status (130 for Ctrl-C, 143 for a TERM). Installed before ncurses
/// starts, so ncurses keeps its hands off these signals; ncurses still handles SIGWINCH (a
/// resize) and SIGTSTP (Ctrl-Z) itself.
enum SignalGuard {
    /// Ending signals, and the faults a trap raises, after which the terminal must be usable.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

    /// The actions in place before `install`, indexed by signal number (read by the handler).
    nonisolated(unsafe) fileprivate static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    /// Installs the handler for each signal not ignored when the TUI started (`nohup`, say).
    static func install() {
        for number in signals {
            sigaction(number, nil, previous + Int(number))
            let earlier = previous[Int(number)].__sigaction_handler.sa_handler
            guard unsafeBitCast(earlier, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = restoreAndReraise
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    static func uninstall() {
        for number in signals {
            sigaction(number, previous + Int(number), nil)
        }
    }
}

/// Ends curses mode, puts the earlier action back and raises the signal again.
private let restoreAndReraise: @convention(c) (Int32) -> Void = { number in
    endwin()
    sigaction(number, SignalGuard.previous + Int(number), nil)
    raise(number)
}
