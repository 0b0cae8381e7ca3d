import Foundation

/// Runs the built `loans` binary as a user would: its own process, environment and exit code.
struct BinaryHarness {
    let folder: String
    var environment: [String: String]

    /// The binary SwiftPM built next to this test bundle (or `LOANS_BINARY`).
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["LOANS_BINARY"] { return explicit }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("loans").path
    }()

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/loans-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder, "LOANS_DB": folder + "/loans.db", "LOANS_TODAY": "2026-11-29",
        ]
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Result {
        let status: Int32
        let out: String
        let err: String
        /// True when the process ended by a signal (a trap), not an exit.
        let crashed: Bool
    }

    @discardableResult
    func callAsFunction(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(BinaryHarness.binary, arguments, stdin: stdin)
    }

    /// Runs any program with this harness's environment.
    func run(_ program: String, _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self), crashed: process.terminationReason == .uncaughtSignal
        )
    }

    /// Runs a shell line with `loans` on the PATH (for umask, TZ and pipes).
    func shell(_ line: String, extra: [String: String] = [:]) throws -> Result {
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        var env = extra
        env["PATH"] = bin + ":/usr/bin:/bin"
        return try run("/bin/sh", ["-c", line], extra: env)
    }
}
