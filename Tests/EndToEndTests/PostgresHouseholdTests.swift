import Foundation
import LoansTestSupport
import Testing

/// A household on one server, through the built binary: eight people writing at once while bars
/// poll, and bars on other machines that learn of a write as it happens.
@Suite struct PostgresHouseholdTests {
    let loans: BinaryHarness
    let server: PostgresServer
    let database: String

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
        database = try server.createDatabase()
    }

    static let clients = 8
    static let writesEach = 200
    /// The loans everyone renews (never returned, so every renewal can succeed).
    static let shared = 1...10

    /// Eight clients, each its own database role (so each undoes its own changes), make 200 mixed
    /// writes each — renew a shared loan, add one of their own, return one of their own, undo —
    /// while two bars poll. Exits 0 and 1 (a rule refused: a loan already returned, an undo
    /// blocked by someone else's later renewal) are answers; any other exit, a crash or a bar's
    /// error is a failure. Every renewal counts exactly (renewals made minus renewals undone),
    /// and the history holds every write that succeeded, under its writer's name.
    @Test func eightClientsWriteAtOnceWhileBarsPoll() throws {
        defer { loans.remove() }
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let roles = (1...PostgresHouseholdTests.clients).map { "client\($0)_\(suffix)" }
        for role in roles { try server.psql("postgres", "CREATE ROLE \(role) LOGIN IN ROLE \(PostgresServer.role)") }
        let url = server.url(database)
        for id in PostgresHouseholdTests.shared {
            #expect(try loans("--db", url, "add", "Shared \(id)", "--from", "Library", "--due", "+20d").out == "\(id)\n")
        }

        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let stop = loans.folder + "/stop"
        var processes: [(name: String, process: Subprocess)] = []
        for index in 0..<2 {
            let poll = """
                n=0; while [ ! -f '\(stop)' ]; do n=$((n+1))
                  out=$(loans widget --format waybar 2>&1); code=$?
                  case "$code $out" in "0 "*'"class":"error"'*|[!0]*) echo "FAIL $code $out";; esac
                done; echo "polls $n"
                """
            let environment = loans.environment.merging(["PATH": bin + ":/usr/bin:/bin", "LOANS_DB": url]) { $1 }
            processes.append(("bar \(index)", try Subprocess("/bin/sh", ["-c", poll], environment: environment, mergeErrors: true)))
        }
        var clients: [Subprocess] = []
        for (index, role) in roles.enumerated() {
            let script = loans.folder + "/client\(index).sh"
            try PostgresHouseholdTests.script(seed: UInt64(index + 1), log: loans.folder + "/client\(index).log")
                .write(toFile: script, atomically: true, encoding: .utf8)
            let environment = loans.environment.merging(["PATH": bin + ":/usr/bin:/bin", "LOANS_DB": server.url(database, user: role)]) { $1 }
            clients.append(try Subprocess("/bin/sh", [script], environment: environment, mergeErrors: true))
        }
        // Every process is running; only now wait, each under one generous deadline.
        for (index, client) in clients.enumerated() {
            let (code, output) = client.finish(patience: 900)
            #expect(code == 0, "client \(index) did not finish: \(output)")
        }
        #expect(FileManager.default.createFile(atPath: stop, contents: nil))
        for (name, bar) in processes {
            let (code, output) = bar.finish(patience: 120)
            #expect(code == 0 && output.hasPrefix("polls ") && output != "polls 0\n" && !output.contains("FAIL"), "\(name): \(output)")
        }

        var renewals: [Int: Int] = [:]
        var addedLoans = 0
        for (index, role) in roles.enumerated() {
            let log = try String(contentsOfFile: loans.folder + "/client\(index).log", encoding: .utf8)
            let runs = log.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2).map(String.init) }
            #expect(runs.count == PostgresHouseholdTests.writesEach, "client \(index) ran \(runs.count) writes")
            let failures = runs.filter { $0[0] != "0" && $0[0] != "1" }
            #expect(failures.isEmpty, "client \(index): \(failures.prefix(5))")
            var succeeded = 0
            for run in runs where run[0] == "0" {
                succeeded += 1
                let detail = run.count > 2 ? run[2] : ""
                switch run[1] {
                case "renew": renewals[Int(detail.split(separator: " ")[0])!, default: 0] += 1
                case "add": addedLoans += 1
                case "undo":
                    if detail.hasPrefix("Undid: renewed #"), let id = Int(detail.dropFirst("Undid: renewed #".count).prefix { $0.isNumber }) {
                        renewals[id, default: 0] -= 1
                    }
                    if detail.hasPrefix("Undid: added #") { addedLoans -= 1 }
                default: break
                }
            }
            let recorded = try server.psql(database, "SELECT count(*) FROM loans.change WHERE who LIKE '% as \(role)'")
            #expect(recorded == String(succeeded), "client \(index): \(succeeded) writes succeeded, the history has \(recorded)")
        }
        for id in PostgresHouseholdTests.shared {
            let stored = try server.psql(database, "SELECT cardinality(previous_due_dates) FROM loans.loan WHERE id = \(id)")
            #expect(stored == String(renewals[id, default: 0]), "loan \(id): renewals")
        }
        #expect(try server.psql(database, "SELECT count(*) FROM loans.loan WHERE title LIKE 'c% own %'") == String(addedLoans))
        let counts = try server.psql(database, """
            SELECT (SELECT coalesce(sum(open_count), 0) FROM loans.open_due_day) = (SELECT count(*) FROM loans.loan WHERE returned_on IS NULL)
            """)
        #expect(counts == "t", "the per-day open counts agree with the loans")
    }

    /// Two bars (`widget --watch`, two processes as on two machines) learn of a third process's
    /// write through LISTEN/NOTIFY: each prints the new line, well within a generous deadline
    /// (the 100 ms goal is measured by bench/run, not asserted here). Neither rereads on its own:
    /// with nothing written, no new line comes.
    @Test func barsOnTwoMachinesSeeAThirdsWrite() throws {
        defer { loans.remove() }
        let url = server.url(database)
        #expect(try loans("--db", url, "add", "Dune", "--from", "Library", "--due", "2026-11-28").status == 0)
        let environment = loans.environment.merging(["LOANS_DB": url]) { $1 }
        let bars = try (0..<2).map { _ in try Subprocess(BinaryHarness.binary, ["widget", "--watch", "--format", "tmux"], environment: environment) }
        defer { bars.forEach { $0.stop() } }
        for bar in bars { #expect(bar.waitForLines(1) == ["#[fg=red]1 overdue: Dune (1 day overdue)#[default]"], "\(bar.lines)") }
        usleep(300_000)
        #expect(bars.allSatisfy { $0.lines.count == 1 }, "nothing was written, yet a bar printed again")
        #expect(try loans("--db", url, "return", "1").status == 0)
        for bar in bars {
            #expect(bar.waitForLines(2, patience: 10).last == "", "the write never reached this bar: \(bar.lines)")
        }
        #expect(try loans("--db", url, "add", "Azul", "--to", "Jonas", "--due", "2026-11-30").status == 0)
        for bar in bars {
            #expect(bar.waitForLines(3, patience: 10).last == "#[fg=yellow]1 due soon: Azul (due tomorrow)#[default]", "\(bar.lines)")
        }
    }

    /// A bar on the server turns the day at the real local midnight (a zone a few seconds before
    /// it), woken by its midnight timer: nothing is written, nothing else wakes it.
    @Test func aBarOnTheServerTurnsTheDayAtMidnight() throws {
        defer { loans.remove() }
        var loans = self.loans
        loans.environment["LOANS_TODAY"] = nil
        let zone = WidgetWatchTests.zoneJustBeforeMidnight(secondsLeft: 15)
        let environment = loans.environment.merging(["LOANS_DB": server.url(database), "TZ": zone]) { $1 }
        #expect(try loans.run(BinaryHarness.binary, ["add", "Dune", "--from", "City Library", "--due", "tomorrow"], extra: environment).status == 0)
        let bar = try Subprocess(BinaryHarness.binary, ["widget", "--watch"], environment: environment)
        defer { bar.stop() }
        #expect(bar.waitForLines(2) == ["1 due soon: Dune (due tomorrow)", "1 due soon: Dune (due today)"], "TZ=\(zone)")
    }

    /// A client's 200 writes as a shell script: each line runs one `loans` and appends its exit
    /// code, what it was and its output to `log`. Returns use the client's own loans, oldest first.
    static func script(seed: UInt64, log: String) -> String {
        var random = SplitMix(seed: seed)
        var lines = ["ids=''", "record() { printf '%s %s %s\\n' \"$1\" \"$2\" \"$(printf '%s' \"$3\" | tr '\\n' ' ')\" >> '\(log)'; }"]
        for step in 0..<writesEach {
            switch random.next() % 100 {
            case 0..<35:
                let id = Int(random.next() % UInt64(shared.count)) + shared.lowerBound
                lines.append("out=$(loans renew \(id) --by +1d 2>&1); record $? renew \"\(id) $out\"")
            case 35..<60:
                lines.append("out=$(loans add 'c\(seed) own \(step)' --to Friend --due +5d 2>&1); code=$?; record $code add \"$out\"; [ $code = 0 ] && ids=\"$ids $out\"")
            case 60..<80:
                lines.append("set -- $ids; if [ $# -gt 0 ]; then id=$1; shift; ids=\"$*\"; else id=999999; fi")
                lines.append("out=$(loans return $id 2>&1); record $? return \"$id $out\"")
            default:
                lines.append("out=$(loans undo 2>&1); record $? undo \"$out\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
