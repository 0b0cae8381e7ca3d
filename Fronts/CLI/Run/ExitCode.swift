import LoansArguments

/// The process exit codes (sysexits names where they exist).
package enum ExitCode: Int32, Sendable, CaseIterable {
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
    /// Try again later (EX_TEMPFAIL): the database was written by a newer loans, or another
    /// `loans remind` held the reminders' lock for the whole wait.
    case temporaryFailure = 75
    /// Not permitted (EX_NOPERM): a change to the web accounts only the store's owner may make,
    /// or `serve` on a database file others may read.
    case noPermission = 77
    /// The config file has an unknown key or a bad value, or cannot be read, or lacks a key the
    /// command needs (`serve.base_url`, for a share link or a calendar feed's address) (EX_CONFIG).
    case config = 78

    /// What the code means, for help, the man page and the docs.
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "no such loan, or another failure"
        case .urgent: "widget --format i3blocks: something is overdue"
        case .usage: "usage (an unknown command or option, a bad date, number or e-mail address)"
        case .dataError: "bad input data (an import document)"
        case .noInput: "an input file cannot be opened"
        case .ioError: "the database cannot be opened, read or written"
        case .temporaryFailure: "the database was written by a newer loans, or another loans remind held the reminders' lock for \(RemindCommand.lock.waitMilliseconds / 1000) s (try again later)"
        case .noPermission: "not permitted: a web account change only the store's owner may make, or serve on a database file others may read (see serve --allow-readable)"
        case .config: "the config file is wrong or cannot be read, or lacks serve.base_url (share, account feed)"
        }
    }
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

extension CLIError {
    /// A setting refused while the settings were read: a usage error for an option or a
    /// variable, a configuration error for the config file.
    init(_ error: SettingsError) {
        self.init(code: error.kind == .usage ? .usage : .config, message: error.message)
    }
}
