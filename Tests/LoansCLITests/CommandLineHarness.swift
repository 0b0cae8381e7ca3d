import Foundation
import LoansCLI
import LoansCore

/// A clock stopped at one moment.
struct FixedClock: Clock {
    var today = CivilDate(iso: "2026-11-29")!
    func now() -> Now { Now(today: today, utc: UTCTimestamp(date: today, hour: 11, minute: 40, second: 0)) }
}

/// Runs the command line in-process against a private database and captures what it prints.
final class CommandLineHarness {
    let folder: String
    var environment: [String: String]

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/loans-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        environment = ["LOANS_DB": folder + "/loans.db", "HOME": folder]
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Result {
        let code: ExitCode
        let out: String
        let err: String
    }

    @discardableResult
    func callAsFunction(_ arguments: String...) -> Result {
        run(arguments)
    }

    func run(_ arguments: [String]) -> Result {
        let console = Console(out: OutputChannel(), err: OutputChannel())
        let code = LoansCommandLine.run(arguments, environment: environment, console: console, clock: FixedClock())
        return Result(code: code, out: console.out.capturedText, err: console.err.capturedText)
    }
}
