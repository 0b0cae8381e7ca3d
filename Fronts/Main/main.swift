import Glibc
import LoansCLI

// A file-size limit (ulimit -f) must end a write with an error, not kill the process:
// ignoring SIGXFSZ turns it into EFBIG, which SQLite reports as a failed write (exit 74).
signal(SIGXFSZ, SIG_IGN)

let code = LoansCommandLine.main(console: .standard())
exit(code.rawValue)
