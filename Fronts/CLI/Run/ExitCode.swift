/// The process exit codes (sysexits names where they exist).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A loan that does not exist, or another runtime failure.
    case failure = 1
    /// i3blocks' "urgent": `loans widget --format i3blocks` when anything is overdue.
    case urgent = 33
    /// Unknown option, bad date, bad number (EX_USAGE).
    case usage = 64
    /// A bad import document (EX_DATAERR).
    case dataError = 65
    /// An input file that cannot be opened (EX_NOINPUT).
    case noInput = 66
    /// The database cannot be opened, read or written (EX_IOERR).
    case ioError = 74
    /// The database was written by a newer loans.
    case newerDatabase = 75
}

/// A failure to report: `loans: <message>` on stderr, then the exit code; usage errors also
/// print how the command is used.
struct CLIError: Error, Equatable {
    let code: ExitCode
    let message: String
    /// The usage line(s) of the command involved, for usage errors.
    var usage: String?

    static func usage(_ message: String, _ usage: String?) -> CLIError {
        CLIError(code: .usage, message: message, usage: usage)
    }
}
