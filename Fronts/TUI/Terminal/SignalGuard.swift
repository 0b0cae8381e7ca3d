import CNcurses
import Glibc

/// The signals of a full-screen run. Ending signals restore the terminal: the handler turns
/// loans' terminal modes off, calls `endwin`, puts back the action that was there before the TUI
/// started and raises the signal again — so a handler of the run's own (removing a demo
/// database, say) still runs, and the process then dies of the same signal with the usual status
/// (130 for Ctrl-C, 143 for a TERM). A signal the process was started ignoring
/// (`nohup`, `trap '' HUP`) stays ignored. Ctrl-Z (SIGTSTP) gives the terminal back before the
/// process stops and takes it again when it continues; a resize (SIGWINCH) is the wake loop's:
/// it blocks the signal and reads it from a descriptor, and the TUI then asks the kernel for the
/// new size — the handler here only keeps ncurses from installing its own. Installed before
/// ncurses starts, so ncurses leaves these signals alone.
enum SignalGuard {
    /// Ending signals, which the user may have chosen to ignore.
    static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The faults a trap raises, after which the terminal must be usable.
    static let faults: [Int32] = [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

    /// The actions in place before `install`, indexed by signal number (read by the handler).
    nonisolated(unsafe) fileprivate static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    static func install() {
        for number in ending where loans_signal_is_ignored(number) == 0 {
            sigaction(number, nil, previous + Int(number))
            signal(number, restoreAndReraise)
        }
        for number in faults {
            sigaction(number, nil, previous + Int(number))
            signal(number, restoreAndReraise)
        }
        if loans_signal_is_ignored(SIGTSTP) == 0 { signal(SIGTSTP, suspend) }
        signal(SIGWINCH, wake)
    }

    static func uninstall() {
        for number in ending + faults where loans_signal_is_ignored(number) == 0 {
            sigaction(number, previous + Int(number), nil)
        }
        if loans_signal_is_ignored(SIGTSTP) == 0 { signal(SIGTSTP, SIG_DFL) }
        signal(SIGWINCH, SIG_DFL)
    }
}

/// Gives the terminal back, puts the earlier action back and raises the signal again.
private func restoreAndReraise(_ number: Int32) {
    TerminalModes.disable()
    endwin()
    sigaction(number, SignalGuard.previous + Int(number), nil)
    raise(number)
}

/// Ctrl-Z: gives the terminal back and stops; once continued, takes the terminal again and
/// repaints it (ncurses redraws everything after `endwin`).
private func suspend(_: Int32) {
    TerminalModes.disable()
    endwin()
    signal(SIGTSTP, SIG_DFL)
    loans_unblock_signal(SIGTSTP)
    raise(SIGTSTP)
    signal(SIGTSTP, suspend)
    TerminalModes.enable()
    refresh()
}

/// Does nothing: the wake loop reads resizes itself (the signal is blocked while it waits).
private func wake(_: Int32) {}

/// The terminal modes loans turns on beyond ncurses' own: mouse clicks and the wheel reported
/// in SGR form (1000 and 1006: no motion, so Shift-drag still selects text in the terminal), and
/// bracketed paste (2004). Written straight to the terminal, also from signal handlers.
enum TerminalModes {
    static let on: StaticString = "\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h"
    static let off: StaticString = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l"

    static func enable() { write(on) }
    static func disable() { write(off) }

    private static func write(_ text: StaticString) {
        _ = Glibc.write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
    }
}
