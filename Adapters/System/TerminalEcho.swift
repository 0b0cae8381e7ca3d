import Glibc

/// A terminal's settings as they were before loans turned its echo off, to put back: how a
/// password is typed without showing it.
package struct TerminalEcho {
    private var saved: termios
    private let terminal: FileDescriptor

    /// Turns the echo of the terminal at `terminal` off (a typed newline still shows, so the
    /// prompt moves on); what it was is kept for `restore`.
    package init(turningOffOn terminal: FileDescriptor) throws(Errno) {
        self.terminal = terminal
        saved = termios()
        _ = try valueOrErrno { tcgetattr(terminal.rawValue, &saved) }.get()
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        _ = try valueOrErrno { tcsetattr(terminal.rawValue, TCSAFLUSH, &quiet) }.get()
    }

    /// Puts the terminal's settings back as they were.
    package mutating func restore() {
        _ = tcsetattr(terminal.rawValue, TCSAFLUSH, &saved)
    }
}
