import LoansAdapters
import LoansCalendar
import LoansCore
import LoansInterchange
import LoansReminders
import LoansText

/// Maps any failure to its message and exit code.
struct ErrorReport {
    let code: ExitCode
    let message: String
    let usage: String?

    init(_ error: any Error) {
        var usage: String?
        switch error {
        case let error as CLIError:
            code = error.code
            message = error.message
            usage = error.usage
        case let error as LoanCommandError:
            switch error {
            case .notFound, .alreadyReturned, .notReturned, .nothingToUndo, .nothingToRedo, .blocked, .everyChangeBlocked: code = .failure
            case .invalid, .renewalOutOfRange, .returnAfterToday, .renewalNotLater: code = .usage
            case .store(let store): code = ErrorReport.code(store)
            }
            message = ErrorText.commandLine(error)
        case let error as StoreError:
            code = ErrorReport.code(error)
            message = error.message
        case let error as ImportConflictError:
            code = .dataError
            message = ErrorText.commandLine(error)
        case let error as DocumentError:
            code = .dataError
            message = error.description
        case let error as InputFileError:
            code = .noInput
            message = error.message
        case let error as ReminderLockBusy:
            code = .temporaryFailure
            message = LockBusyText.message(error)
        case let error as DeliveryError:
            code = .failure
            message = error.message
        case let error as OutputFileError:
            code = .ioError
            message = error.message
        case let error as CalendarError:
            code = .dataError
            message = error.description
        default:
            code = .failure
            message = "\(error)"
        }
        self.usage = usage
    }

    static func code(_ error: StoreError) -> ExitCode {
        switch error.kind {
        case .unavailable: .ioError
        case .timedOut: .ioError
        case .newerVersion: .temporaryFailure
        case .readOnly: .usage
        case .idsExhausted: .failure
        case .createdMeanwhile: .ioError
        }
    }
}
