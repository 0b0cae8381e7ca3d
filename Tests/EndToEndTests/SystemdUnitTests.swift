import Foundation
import Glibc
import Testing

/// The systemd user units shipped in `contrib/systemd`, installed into a temporary prefix as an
/// installer puts them (the binary in `PREFIX/bin`, the units in `PREFIX/share/systemd/user`
/// with `ExecStart` pointing at that binary) and checked by `systemd-analyze verify` in system
/// mode (a user manager needs a session, which a test machine does not have).
@Suite struct SystemdUnitTests {
    /// The repository's `contrib/systemd`, found from this file.
    static let units = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("contrib/systemd").path

    /// Installs the binary and the units under `prefix`; returns the installed units' paths.
    static func install(into prefix: String) throws -> [String] {
        let manager = FileManager.default
        try manager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: prefix + "/share/systemd/user", withIntermediateDirectories: true)
        try manager.copyItem(atPath: BinaryHarness.binary, toPath: prefix + "/bin/loans")
        return try ["loans-remind.service", "loans-remind.timer", "loans-serve.service"].map { name in
            let text = try String(contentsOfFile: units + "/" + name, encoding: .utf8)
            let installed = prefix + "/share/systemd/user/" + name
            try text.replacingOccurrences(of: "%h/.local/bin/loans", with: prefix + "/bin/loans").write(toFile: installed, atomically: true, encoding: .utf8)
            return installed
        }
    }

    @Test func theShippedUnitsVerify() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let installed = try SystemdUnitTests.install(into: loans.folder + "/prefix")
        let service = try String(contentsOfFile: installed[0], encoding: .utf8)
        #expect(service.contains("ExecStart=\(loans.folder)/prefix/bin/loans remind --notify\n"))
        let verify = try Subprocess("/usr/bin/systemd-analyze", ["verify"] + installed, environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true)
        let (code, output) = verify.finish(patience: 60)
        #expect(code == 0 && output.isEmpty, "systemd-analyze verify: \(output)")
        let timer = try String(contentsOfFile: installed[1], encoding: .utf8)
        #expect(timer.contains("OnCalendar=*-*-* 09:00:00\n") && timer.contains("Persistent=true\n"))
        let serve = try String(contentsOfFile: installed[2], encoding: .utf8)
        #expect(serve.contains("ExecStart=\(loans.folder)/prefix/bin/loans serve\n") && serve.contains("KillSignal=SIGTERM\n"))
        #expect(serve.contains("WantedBy=default.target\n"))
    }

    /// The unit's command runs as written (on a port of the test's): `loans serve` starts, answers, and stops on the
    /// SIGTERM systemd sends, with exit 0 (so systemd records a clean stop, not a failure).
    @Test func theServeUnitsCommandStartsAndStopsCleanly() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let installed = try SystemdUnitTests.install(into: loans.folder + "/prefix")
        let unit = try String(contentsOfFile: installed[2], encoding: .utf8)
        let line = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        let words = line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        #expect(words.count == 2 && words[1] == "serve")
        // On a free port rather than the default 8742, which another program may hold.
        let serve = try ServeProcess(loans, program: words[0])
        defer { serve.process.stop() }
        #expect(serve.process.output.contains("serving on http://127.0.0.1:\(serve.port)/"), "\(serve.process.output)")
        #expect(try serve.curl("/healthz").body == "ok\n")
        kill(serve.process.pid, SIGTERM)
        #expect(serve.process.finish(patience: 15).code == 0)
    }
}
