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
        run(bytes: arguments.map { Array($0.utf8) })
    }

    /// Runs words given as bytes (UTF-8 or not), as the kernel hands them to the process.
    func run(bytes arguments: [[UInt8]], environmentBytes: [String: [UInt8]] = [:]) -> Result {
        let console = Console(out: OutputChannel(), err: OutputChannel())
        let environment = self.environment.mapValues { Array($0.utf8) }.merging(environmentBytes) { $1 }
        let code = LoansCommandLine.run(bytes: arguments, environment: environment, console: console, clock: FixedClock())
        return Result(code: code, out: console.out.capturedText, err: console.err.capturedText)
    }

    /// Writes the config file (`$HOME/.config/loans/config`) with these bytes.
    func writeConfig(_ bytes: [UInt8]) throws {
        let folder = self.folder + "/.config/loans"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/config"))
    }

    func writeConfig(_ text: String) throws {
        try writeConfig(Array(text.utf8))
    }

    var configPath: String { folder + "/.config/loans/config" }
}
