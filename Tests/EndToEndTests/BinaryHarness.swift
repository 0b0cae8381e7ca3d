import Foundation
import LoansTestSupport

/// Runs the built `loans` binary as a user would: its own process, environment and exit code.
struct BinaryHarness {
    /// The harness's private folder (`HOME`, the database), removed when the test is done with
    /// the harness (its last copy), whether or not the test called `remove`: a run of the suite
    /// leaves the temporary folder as it found it.
    var folder: String { scratch.path }
    private let scratch: ScratchFolder
    var environment: [String: String]

    /// The binary SwiftPM built next to this test bundle (or `LOANS_BINARY`).
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["LOANS_BINARY"] { return explicit }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("loans").path
    }()

    init() throws {
        scratch = try ScratchFolder()
        let folder = scratch.path
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder, "LOANS_DB": folder + "/loans.db", "LOANS_TODAY": "2026-11-29",
        ]
    }

    func remove() {
        scratch.remove()
    }

    /// How a run ended and what it printed (`ProgramRun`: spawned cleanly, with a deadline).
    typealias Result = ProgramRun

    /// Runs loans with `arguments`; the caller checks the result.
    func callAsFunction(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(BinaryHarness.binary, arguments, stdin: stdin)
    }

    /// Runs loans for a step the test only relies on (seeding a loan, say): anything but exit 0
    /// with an empty stderr fails the test (`ToolFailure`). Returns stdout.
    @discardableResult
    func must(_ arguments: String..., stdin: String? = nil) throws -> String {
        try Tool.run(BinaryHarness.binary, arguments, environment: environment, stdin: Array((stdin ?? "").utf8))
    }

    /// Runs any program with this harness's environment; one that has not ended after
    /// `seconds` is killed and the test fails.
    func run(
        _ program: String, _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:],
        seconds: Double = ProgramRun.defaultSeconds
    ) throws -> Result {
        try ProgramRun(
            program, arguments, environment: environment.merging(extra) { $1 }, stdin: Array((stdin ?? "").utf8), seconds: seconds
        )
    }

    /// Runs a tool the test relies on (sqlite3, chmod, a generator…) with this harness's
    /// environment; anything but exit 0 with an empty stderr fails the test (`ToolFailure`).
    @discardableResult
    func tool(_ program: String, _ arguments: String..., extra: [String: String] = [:]) throws -> String {
        try Tool.run(program, arguments, environment: environment.merging(extra) { $1 })
    }

    /// Runs a shell line with `loans` on the PATH (for umask, TZ and pipes).
    func shell(_ line: String, extra: [String: String] = [:], seconds: Double = ProgramRun.defaultSeconds) throws -> Result {
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        var env = extra
        env["PATH"] = bin + ":/usr/bin:/bin"
        return try run("/bin/sh", ["-c", line], extra: env, seconds: seconds)
    }
}

/// A folder of the harness, removed with the last copy of the harness that holds it. Folders a
/// test made unwritable (`chmod 0500`, for a permission case) are opened up first, so they go
/// too.
final class ScratchFolder: @unchecked Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/loans-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    func remove() {
        guard FileManager.default.fileExists(atPath: path) else { return }
        if (try? FileManager.default.removeItem(atPath: path)) == nil {
            _ = try? ProgramRun("/bin/chmod", ["-R", "u+rwx", path], environment: ["PATH": "/usr/bin:/bin"])
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
