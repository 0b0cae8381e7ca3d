import LoansCLI
import LoansSystem

// A file-size limit (ulimit -f) must end a write with an error, not kill the process:
// ignoring SIGXFSZ turns it into EFBIG, which SQLite reports as a failed write (exit 74).
ProcessControl.ignoreFileSizeSignal()

let code = LoansCommandLine.main(console: .standard())
ProcessControl.exit(code.rawValue)
