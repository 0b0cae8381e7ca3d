import Glibc
import LoansCLI

let code = LoansCommandLine.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(), console: .standard()
)
exit(code.rawValue)
