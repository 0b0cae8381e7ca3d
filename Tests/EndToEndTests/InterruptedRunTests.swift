import Foundation
import Glibc
import Testing

/// A run ended by a signal it can catch leaves nothing behind: no database built aside by a
/// first import (`DB.new-XXXXXX` and its `-wal`, `-shm`), no half-written copy of a watched feed
/// (`.FILE.XXXXXX`), and no delivery program still running after `remind --exec` was stopped
/// (it would send, with nothing recorded, and the next run would send again).
@Suite struct InterruptedRunTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// The signals a user or a service manager ends a run with, and others that end it by default.
    static let endings: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM]

    /// Arguments for `/bin/sh` that run loans in its place (the same pid) with no core file, so a
    /// SIGQUIT never leaves one in the work tree.
    static let withoutCore = ["-c", #"ulimit -c 0; exec "$0" "$@""#, BinaryHarness.binary]

    /// A document of `count` loans, written to a file outside the database's folder names.
    func document(_ count: Int) throws -> String {
        let loansJSON = (1...count).map { id in
            #"{"id":\#(id),"title":"Book \#(id)","direction":"borrowed","counterparty":"Library","lent_on":"2026-11-01","due_on":"2026-12-\#(10 + id % 18)","returned_on":null,"note":"\#(String(repeating: "n", count: id % 50))","renewals":0,"previous_due_dates":[]}"#
        }.joined(separator: ",")
        let path = loans.folder + "/document.json"
        try #"{"schema_version":1,"loans":[\#(loansJSON)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func names(_ prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: loans.folder)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Looks every millisecond until `condition` holds, at most `patience` seconds.
    func soon(patience: Double = 60, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    /// Whether `pid` still runs (a zombie waiting to be reaped does not).
    func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? false)
    }

    @Test(arguments: endings)
    func anInterruptedFirstImportLeavesNoDatabaseAside(signal: Int32) throws {
        defer { loans.remove() }
        let path = try document(40_000)
        let importing = try Subprocess("/bin/sh", Self.withoutCore + ["import", path], environment: loans.environment, mergeErrors: true)
        defer { importing.stop() }
        #expect(soon { names("loans.db.new-").contains { $0.hasSuffix("-wal") } || !importing.isRunning }, "the import fills its new database")
        #expect(importing.isRunning, "the import ended before it could be interrupted: \(importing.output)")
        kill(importing.pid, signal)
        #expect(importing.waitForExit(patience: 30))
        #expect(importing.signal == signal, "it dies of the signal, as the caller expects: \(importing.output)")
        #expect(names("loans.db") == [], "left behind: \(names("loans.db"))")
    }

    @Test(arguments: endings)
    func anInterruptedWatchLeavesNoHalfWrittenFeed(signal: Int32) throws {
        defer { loans.remove() }
        try loans.must("import", try document(20_000))
        let feed = loans.folder + "/feed.ics"
        let watching = try Subprocess("/bin/sh", Self.withoutCore + ["calendar", "--output", feed, "--watch"], environment: loans.environment, mergeErrors: true)
        defer { watching.stop() }
        #expect(soon { !names(".feed.ics.").isEmpty || !watching.isRunning }, "the watch writes its first feed")
        kill(watching.pid, signal)
        #expect(watching.waitForExit(patience: 30))
        #expect(watching.signal == signal, "\(watching.output)")
        #expect(names(".feed.ics") == [], "left behind: \(names(".feed.ics"))")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aStoppedRemindEndsItsDeliveryProgram(signal: Int32) throws {
        defer { loans.remove() }
        try loans.must("add", "Tent", "--from", "Priya", "--due", "2026-11-20")
        let pids = loans.folder + "/pids"
        let sent = loans.folder + "/sent"
        let program = loans.folder + "/deliver"
        try ("#!/bin/sh\n" + #"cat >/dev/null; sleep 300 & echo $$ $! > "$PIDS"; wait; touch "$SENT""# + "\n").write(toFile: program, atomically: true, encoding: .utf8)
        #expect(chmod(program, 0o755) == 0)
        let reminding = try Subprocess(
            BinaryHarness.binary, ["remind", "--exec", program], environment: loans.environment.merging(["PIDS": pids, "SENT": sent]) { $1 },
            mergeErrors: true
        )
        defer { reminding.stop() }
        var started: [pid_t] = []
        #expect(soon {
            started = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
            return started.count == 2
        }, "the delivery program started: \(reminding.output)")
        kill(reminding.pid, signal)
        #expect(reminding.waitForExit(patience: 30))
        #expect(reminding.signal == signal, "\(reminding.output)")
        #expect(soon(patience: 10) { !started.contains(where: isRunning) }, "the program and its child were ended with the run")
        defer { started.forEach { kill($0, SIGKILL) } }
        usleep(200_000)
        #expect(!FileManager.default.fileExists(atPath: sent), "nothing was sent")
        #expect(try loans("remind", "--dry-run").out.hasPrefix("Reminders: 1 overdue"), "nothing was recorded")
    }
}
