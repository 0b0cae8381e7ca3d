import Foundation
import Glibc
import Testing

/// `loans remind` through the built binary: the digest on stdout once, `--exec` and `--notify`
/// with hostile titles reaching the program as single arguments, failed deliveries that record
/// nothing, and two runs at once that send each reminder once.
@Suite struct RemindEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// Writes an executable shell script.
    func script(_ name: String, _ body: String) throws -> String {
        let path = loans.folder + "/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    /// Runs loans under a deadline (a delivery could hang): exit code, stdout and stderr.
    func remind(_ arguments: [String], extra: [String: String] = [:], patience: Double = 60) throws -> (code: Int32?, out: String, err: String) {
        let errors = loans.folder + "/stderr-\(UUID().uuidString)"
        let run = try Subprocess(
            "/bin/sh", ["-c", "exec \"$0\" \"$@\" 2>\"$LOANS_TEST_STDERR\"", BinaryHarness.binary] + arguments,
            environment: loans.environment.merging(extra) { $1 }.merging(["LOANS_TEST_STDERR": errors]) { $1 }
        )
        let (code, out) = run.finish(patience: patience)
        #expect(code != nil, "loans \(arguments) did not finish within \(patience) s")
        return (code, out, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    func addThree() throws {
        #expect(try loans("add", "The Hobbit", "--from", "City Library", "--due", "2026-12-01").status == 0)
        #expect(try loans("add", "Cordless drill", "--to", "Sam", "--due", "2026-11-20").status == 0)
        #expect(try loans("add", "Tent", "--from", "Priya", "--due", "2026-12-04").status == 0)
    }

    static let digest = """
        Reminders: 1 overdue, 1 due within 2 days
        #2 Get back Cordless drill from Sam: 9 days overdue
        #1 Return The Hobbit to City Library: due in 2 days

        """

    @Test func theDigestGoesToStandardOutputOnce() throws {
        defer { loans.remove() }
        let nothing = try loans("remind")
        #expect(nothing.status == 0 && nothing.out.isEmpty && nothing.err.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"), "nothing to remind of creates nothing")
        try addThree()
        #expect(try loans("remind", "--dry-run").out == RemindEndToEndTests.digest)
        let first = try loans("remind")
        #expect(first.status == 0 && first.out == RemindEndToEndTests.digest && first.err.isEmpty)
        let second = try loans("remind")
        #expect(second.status == 0 && second.out.isEmpty, "nothing is sent twice")
        #expect(try loans("history").out.split(separator: "\n").count == 3, "reminders are not changes")
        let tomorrow = try loans("--today", "2026-11-30", "remind")
        #expect(tomorrow.out == "Reminders: 1 due by tomorrow\n#1 Return The Hobbit to City Library: due tomorrow\n")
        try loans.must("renew", "1", "--due", "2026-12-02")
        #expect(try loans("--today", "2026-11-30", "remind").out == "Reminders: 1 due within 2 days\n#1 Return The Hobbit to City Library: due in 2 days\n")
        try loans.must("return", "3")
        #expect(try loans("--today", "2026-12-04", "remind").out == """
            Reminders: 1 overdue
            #1 Return The Hobbit to City Library: 2 days overdue

            """, "a returned loan is never reminded; the drill's second overdue week began 8 days after")
        #expect(try loans("--today", "2026-12-05", "remind").out == "Reminders: 1 overdue\n#2 Get back Cordless drill from Sam: 15 days overdue\n")
    }

    @Test func execGetsTheDigestOnStandardInputAndTheCountsInItsEnvironment() throws {
        defer { loans.remove() }
        try addThree()
        let record = loans.folder + "/record"
        let program = try script("deliver", #"cat > "$RECORD.digest"; echo "$LOANS_OVERDUE $LOANS_DUE_SOON" > "$RECORD.counts"; for a in "$@"; do printf '%s\n' "$a"; done > "$RECORD.args""#)
        let result = try remind(["remind", "--exec", program, "--db", "/nowhere", "a b", "--notify", "--"], extra: ["RECORD": record])
        #expect(result.code == 0 && result.out.isEmpty && result.err.isEmpty, "\(result.err)")
        #expect(try String(contentsOfFile: record + ".digest", encoding: .utf8) == RemindEndToEndTests.digest)
        #expect(try String(contentsOfFile: record + ".counts", encoding: .utf8) == "1 1\n")
        #expect(try String(contentsOfFile: record + ".args", encoding: .utf8) == "--db\n/nowhere\na b\n--notify\n--\n", "every word after the program is its own")
        #expect(try loans("remind", "--dry-run").out.isEmpty)
    }

    @Test func notifySendGetsHostileTitlesAsSingleArgumentsNeverThroughAShell() throws {
        defer { loans.remove() }
        let titles = ["$(touch PWNED)", "\"; touch PWNED; \"", "a'b`touch PWNED`", "-u low", "<b>bold</b> & co", "back\\slash", "two\nlines"]
        for title in titles { #expect(try loans("add", "--from", "Lib", "--due", "2026-11-28", "--", title).status == 0) }
        let bin = loans.folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        let record = loans.folder + "/argv"
        _ = try script("bin/notify-send", #"for a in "$@"; do printf '%s\0' "$a"; done > "$RECORD"; printf '%s' "${DBUS_SESSION_BUS_ADDRESS-unset}" > "$RECORD.bus""#)
        let runtime = loans.folder + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: runtime + "/bus", contents: nil))
        let result = try remind(["remind", "--notify"], extra: ["PATH": bin + ":/usr/bin:/bin", "RECORD": record, "XDG_RUNTIME_DIR": runtime])
        #expect(result.code == 0 && result.err.isEmpty && result.out.isEmpty, "\(result.err)")
        let argv = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        let body = (1...7).map { id in
            let shown = titles[id - 1].replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                .replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: "\"", with: "&quot;")
            return "#\(id) Return \(shown) to Lib: 1 day overdue"
        }.joined(separator: "\n")
        #expect(argv == ["--urgency=critical", "--app-name=loans", "--", "Reminders: 7 overdue", body])
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/PWNED"))
        #expect(try String(contentsOfFile: record + ".bus", encoding: .utf8) == "unix:path=\(runtime)/bus", "cron has no bus address: the user's bus is given")
        try loans.must("add", "Soon", "--from", "Lib", "--due", "2026-12-01")
        let soon = try remind(["remind", "--notify"], extra: ["PATH": bin + ":/usr/bin:/bin", "RECORD": record, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/elsewhere"])
        #expect(soon.code == 0)
        let second = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\0").map(String.init)
        #expect(second == ["--urgency=normal", "--app-name=loans", "--", "Reminders: 1 due within 2 days", "#8 Return Soon to Lib: due in 2 days"])
        #expect(try String(contentsOfFile: record + ".bus", encoding: .utf8) == "unix:path=/elsewhere")
    }

    /// A delivery that fails or hangs records nothing. The hanging one is stopped after the real
    /// 30 s (with its child): it starts first, in a folder of its own, and is waited for last.
    @Test func aFailedDeliveryRecordsNothingAndExitsOne() throws {
        defer { loans.remove() }
        let apart = try BinaryHarness()
        defer { apart.remove() }
        #expect(try apart("add", "Tent", "--from", "Priya", "--due", "2026-11-20").status == 0)
        let pids = apart.folder + "/pids"
        let hanging = apart.folder + "/hang"
        try ("#!/bin/sh\n" + #"echo $$ > "$PIDS"; sleep 300 & echo $! >> "$PIDS"; wait"# + "\n").write(toFile: hanging, atomically: true, encoding: .utf8)
        #expect(chmod(hanging, 0o755) == 0)
        let timingOut = try Subprocess(
            "/bin/sh", ["-c", "exec \"$0\" \"$@\" 2>&1", BinaryHarness.binary, "remind", "--exec", hanging],
            environment: apart.environment.merging(["PIDS": pids]) { $1 }
        )
        try addThree()
        let missing = try remind(["remind", "--exec", "no-such-program"])
        #expect(missing.code == 1 && missing.out.isEmpty && missing.err == "loans: cannot run \"no-such-program\": no such program on PATH\n")
        let failing = try remind(["remind", "--exec", "/bin/sh", "-c", "cat >/dev/null; exit 3"])
        #expect(failing.code == 1 && failing.err == "loans: \"/bin/sh\" exited with status 3\n")
        let bin = loans.folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        _ = try script("bin/notify-send", "exit 1")
        let refused = try remind(["remind", "--notify"], extra: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(refused.code == 1 && refused.err == "loans: \"notify-send\" exited with status 1\n")
        #expect(try loans("remind", "--dry-run").out == RemindEndToEndTests.digest, "nothing was recorded")
        #expect(try loans("remind").out == RemindEndToEndTests.digest)
        let (code, out) = timingOut.finish(patience: 90)
        #expect(code == 1 && out == "loans: \"\(hanging)\" did not finish within 30 s; it was stopped\n", "\(out)")
        let started = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(started.count == 2)
        #expect(eventually(patience: 10) { started.allSatisfy { kill($0, 0) != 0 } }, "the program and its child were killed")
        #expect(try apart("remind", "--dry-run").out.hasPrefix("Reminders: 1 overdue"), "nothing was recorded")
    }

    @Test func optionsAreChecked() throws {
        defer { loans.remove() }
        let both = try loans("remind", "--notify", "--exec", "cat")
        #expect(both.status == 64 && both.err.hasPrefix("loans: give only one of --notify, --exec and --borrowers\n"))
        #expect(try loans("remind", "--lead", "3,x").err.hasPrefix("loans: --lead: \"3,x\" is not a list of days"))
        #expect(try loans("remind", "--overdue-every", "0").status == 64)
        #expect(try loans("remind", "--exec").status == 64)
        try addThree()
        #expect(try loans("remind", "--lead", "", "--dry-run").out == "Reminders: 1 overdue\n#2 Get back Cordless drill from Sam: 9 days overdue\n")
        #expect(try loans("remind", "--lead", "7,2", "--dry-run").out.hasSuffix("#3 Return Tent to Priya: due in 5 days\n"))
        let fixture = loans.folder + "/fixture.json"
        try loans.must("json", "all").write(toFile: fixture, atomically: true, encoding: .utf8)
        var bare = loans
        bare.environment["LOANS_DB"] = nil
        #expect(try bare("--fixture", fixture, "remind", "--dry-run").out == RemindEndToEndTests.digest)
        let refused = try bare("--fixture", fixture, "remind")
        #expect(refused.status == 64 && refused.out.isEmpty && refused.err.contains("read-only"))
    }

    @Test func aDemoRunLeavesNothingBehind() throws {
        defer { loans.remove() }
        let temporary = loans.folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        var demo = loans
        demo.environment["LOANS_DB"] = nil
        demo.environment["TMPDIR"] = temporary
        let result = try demo("--demo", "remind")
        #expect(result.status == 0 && result.out.hasPrefix("Reminders: 2 overdue, 2 due within 2 days\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the demo folder, its lock file included, is removed")
    }

    /// Two runs started together behind a barrier (each waits for a file, then execs loans): the
    /// delivery takes a while, the other run waits for the lock and then finds nothing due.
    @Test func twoRunsAtOnceSendEachReminderOnce() throws {
        defer { loans.remove() }
        try addThree()
        let log = loans.folder + "/deliveries"
        let deliver = try script("deliver", #"sleep 0.5; { echo "run $$"; cat; } >> "$LOG""#)
        let gate = loans.folder + "/go"
        let line = #"touch "$READY"; while [ ! -e "$GATE" ]; do sleep 0.01; done; exec "$0" remind --exec "$DELIVER""#
        let runs = try (1...2).map { index in
            try Subprocess("/bin/sh", ["-c", line, BinaryHarness.binary], environment: loans.environment.merging([
                "READY": loans.folder + "/ready\(index)", "GATE": gate, "DELIVER": deliver, "LOG": log,
            ]) { $1 })
        }
        defer { runs.forEach { $0.stop() } }
        #expect(eventually(patience: 30) { (1...2).allSatisfy { FileManager.default.fileExists(atPath: loans.folder + "/ready\($0)") } })
        #expect(FileManager.default.createFile(atPath: gate, contents: nil))
        let results = runs.map { $0.finish(patience: 60) }
        #expect(results.map(\.code) == [0, 0])
        let delivered = try String(contentsOfFile: log, encoding: .utf8)
        #expect(delivered.components(separatedBy: "run ").count == 2, "one delivery: \(delivered)")
        #expect(delivered.components(separatedBy: "\n").dropFirst().joined(separator: "\n") == RemindEndToEndTests.digest)
    }

    /// A run whose day read far ahead (`LOANS_TODAY=9999-12-31`, a bad clock) reminds of every
    /// loan as overdue; once the day is right, the day's reminders still come.
    @Test func aDayThatOnceReadFarAheadSilencesNothing() throws {
        defer { loans.remove() }
        try addThree()
        let ahead = try loans("--today", "9999-12-31", "remind")
        #expect(ahead.status == 0 && ahead.out.hasPrefix("Reminders: 3 overdue\n"), "\(ahead.out)\(ahead.err)")
        let today = try loans("remind")
        #expect(today.status == 0 && today.out == RemindEndToEndTests.digest, "\(today.out)\(today.err)")
        #expect(try loans("--today", "2026-11-30", "remind").out == "Reminders: 1 due by tomorrow\n#1 Return The Hobbit to City Library: due tomorrow\n")
    }

    /// A recipient is a person, named by `remind.recipient` (or `--recipient`), else the login
    /// name: two people with one login name each hear of every loan; one person on two
    /// machines, named alike, hears of each once.
    @Test func recipientsArePeopleNotLogins() throws {
        defer { loans.remove() }
        try addThree()
        func machine(_ name: String, recipient: String?) throws -> [String: String] {
            let home = loans.folder + "/" + name
            try FileManager.default.createDirectory(atPath: home + "/loans", withIntermediateDirectories: true)
            try (recipient.map { "remind.recipient = \($0)\n" } ?? "").write(toFile: home + "/loans/config", atomically: true, encoding: .utf8)
            return ["XDG_CONFIG_HOME": home]
        }
        let annasLaptop = try machine("annas-laptop", recipient: "Anna")
        let bensPi = try machine("bens-pi", recipient: "Ben")
        let annasDesktop = try machine("annas-desktop", recipient: "Anna")
        #expect(try remind(["remind"], extra: annasLaptop).out == RemindEndToEndTests.digest)
        #expect(try remind(["remind"], extra: bensPi).out == RemindEndToEndTests.digest, "another person with the same login name")
        let again = try remind(["remind"], extra: annasDesktop)
        #expect(again.code == 0 && again.out.isEmpty && again.err.isEmpty, "the same person on another machine: once")
        #expect(try remind(["remind", "--recipient", "Carol"], extra: annasDesktop).out == RemindEndToEndTests.digest, "the option wins")
        #expect(try remind(["remind"], extra: try machine("plain", recipient: nil)).out == RemindEndToEndTests.digest, "the login name")
        #expect(try remind(["remind"], extra: try machine("plain", recipient: nil)).out.isEmpty)
        let shown = try remind(["config"], extra: annasDesktop).out
        #expect(shown.contains("remind.recipient     = Anna  ("), "\(shown)")
        let refused = try remind(["remind", "--recipient", "mailto:anna@example.org"])
        #expect(refused.code == 64 && refused.err.hasPrefix("loans: --recipient: \"mailto:anna@example.org\" is not a person's name"), "\(refused.err)")
        let badConfig = try remind(["remind"], extra: try machine("bad", recipient: "tab\there"))
        #expect(badConfig.code == 78 && badConfig.err.contains("remind.recipient"), "\(badConfig.err)")
    }

    /// The digest's header counts the reminders it sends, which the agenda's groups are not (a
    /// loan reminded in its overdue week stays in the agenda's OVERDUE; its DUE SOON is the
    /// window), and says so: "Reminders", and how far ahead it reaches, never "due soon".
    @Test func theHeaderSaysItCountsRemindersNotTheAgenda() throws {
        defer { loans.remove() }
        try addThree()
        #expect(try loans("remind").out.hasPrefix("Reminders: 1 overdue, 1 due within 2 days\n"))
        let agenda = try loans("--today", "2026-11-30", "agenda").out
        #expect(agenda.contains("OVERDUE (1)") && agenda.contains("DUE SOON (2)"), "\(agenda)")
        let header = try loans("--today", "2026-11-30", "remind").out.split(separator: "\n").first.map(String.init)
        #expect(header == "Reminders: 1 due by tomorrow", "the drill, overdue, was reminded this week; the tent is not due within the leads")
    }

}
