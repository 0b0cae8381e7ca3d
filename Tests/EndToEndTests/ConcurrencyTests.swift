import Foundation
import LoansTestSupport
import Testing

/// Several processes on one database at once: writers never fail each other, a status bar
/// polling every moment never fails, and an open TUI sees what the others wrote. The writers
/// are held at a gate and released together, and the test checks from their own clocks and
/// from the ids they got that they really did run at the same time.
@Suite struct ConcurrencyTests {
    /// `count` additions titled `$NAME 1…count`; a failed one prints `FAIL` and its error.
    static func writes(_ count: Int) -> String {
        "i=0; while [ $i -lt \(count) ]; do i=$((i+1)); loans add \"$NAME $i\" --to B --due +1d >/dev/null || echo \"FAIL $i\"; done"
    }

    /// Checks that `writers` ran at the same time and every write succeeded, and that the
    /// database holds `count` loans of each, their ids interleaved.
    static func checkOverlappingWrites(_ loans: BinaryHarness, _ writers: [ConcurrentShells.Outcome], names: [String], count: Int) throws {
        for (name, writer) in zip(names, writers) {
            #expect(writer.code == 0 && writer.lines.isEmpty, "\(name): exit \(String(describing: writer.code)), printed \(writer.lines)")
        }
        let overlap = ConcurrentShells.overlap(writers)
        let shortest = ConcurrentShells.shortestSpan(writers)
        #expect(overlap > 0 && overlap >= shortest / 2, "the writers ran together for only \(overlap) s of \(shortest) s")
        let listed = try loans("json", "all", "--ndjson")
        #expect(listed.status == 0 && listed.err.isEmpty, "\(listed.err)")
        let owners = try listed.out.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return String((object["title"] as? String ?? "").prefix { $0 != " " })
        }
        for name in names {
            #expect(owners.filter { $0 == name }.count == count, "\(name) has \(owners.filter { $0 == name }.count) loans")
        }
        let alternations = ConcurrentShells.alternations(owners.filter(names.contains))
        #expect(alternations >= 10, "the writers' ids alternate only \(alternations) times: they took turns, not overlapped")
    }

    @Test func twoWritersAndAPollingWidgetWhileTheTUIIsOpen() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        #expect(try loans("add", "First", "--to", "A", "--due", "+30d").status == 0)
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        _ = try pane.waitFor("No loans due soon.")

        let stop = loans.folder + "/stop"
        // The poller stops when the test says so, or by itself after five minutes (a failure).
        let poller = """
            n=0; limit=$(( $(date +%s) + 300 ))
            while [ ! -f '\(stop)' ]; do
              [ "$(date +%s)" -lt $limit ] || { echo "poller gave up waiting for stop"; break; }
              n=$((n+1)); loans widget >/dev/null || echo "FAIL poll $n"
            done
            echo "polls $n"
            """
        let shells = try ConcurrentShells(
            loans, scripts: [Self.writes(200), Self.writes(200), poller],
            environments: [["NAME": "left"], ["NAME": "right"], [:]]
        )
        defer { _ = FileManager.default.createFile(atPath: stop, contents: nil) }
        shells.release()
        let writers = shells.finish([0, 1])
        #expect(FileManager.default.createFile(atPath: stop, contents: nil))
        let widget = try #require(shells.finish([2], patience: 60).first)

        try Self.checkOverlappingWrites(loans, writers, names: ["left", "right"], count: 200)
        let polls = widget.lines.last.flatMap { Int($0.dropFirst("polls ".count)) } ?? 0
        #expect(widget.code == 0 && widget.lines.count == 1 && polls > 0, "the poller printed \(widget.lines)")
        #expect(ConcurrentShells.overlap(writers + [widget]) > 0, "the poller never ran while both writers did")
        #expect(try loans("json").out.contains(#""summary":{"overdue":0,"due_soon":400}"#))
        _ = try pane.waitFor("DUE SOON (400)")
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
    }

    /// Two writers on one database: the second waits within the busy timeout, never fails.
    /// (The database exists first: two first writes racing to create it are a case of their own.)
    @Test func twoWritersAtOnceBothSucceed() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        #expect(try loans("add", "First", "--to", "A", "--due", "+30d").status == 0)
        let shells = try ConcurrentShells(
            loans, scripts: [Self.writes(40), Self.writes(40)], environments: [["NAME": "left"], ["NAME": "right"]]
        )
        shells.release()
        try Self.checkOverlappingWrites(loans, shells.finish(), names: ["left", "right"], count: 40)
    }

    /// Two web writers at once through `loans serve`'s pool of writers, on a file and on a server:
    /// each adds loans and renews the same loan, and every write is answered 303 and lands — no
    /// add lost, every renewal counted, nothing refused because the other was writing.
    @Test(arguments: ["file", "server"])
    func twoWebWritersAtOnceBothLand(_ engine: String) throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = engine == "file" ? nil : try PostgresServer.shared()
        let db = try server.map { $0.url(try $0.createDatabase()) } ?? loans.folder + "/loans.db"
        #expect(try loans("--db", db, "add", "Shared", "--to", "Ann", "--due", "2026-12-01").status == 0)
        let serve = try ServeProcess(loans, ["--db", db])
        let csrf = try serve.signIn()
        let each = 15
        let answers = Answers()
        let base = serve.base
        let done = DispatchGroup()
        for writer in 0..<2 {
            let jar = serve.jar + "-\(writer)"
            try FileManager.default.copyItem(atPath: serve.jar, toPath: jar)
            done.enter()
            Thread {
                defer { done.leave() }
                for index in 1...each {
                    for (path, form) in [
                        ("/loans", ["title": "Web \(writer) \(index)", "direction": "lent", "counterparty": "Kim", "due": "+1w"]),
                        ("/loans/1/renew", ["by": "+1d"]),
                    ] {
                        var arguments = ["-s", "-S", "-i", "--max-time", "20", "-b", jar, "-c", jar, "-H", "Origin: \(base)"]
                        for (name, value) in (form.merging(["csrf": csrf]) { $1 }).sorted(by: { $0.key < $1.key }) {
                            arguments += ["--data-urlencode", "\(name)=\(value)"]
                        }
                        let status = (try? loans.run("/usr/bin/curl", arguments + [base + path], seconds: 30)).map { Reply($0.out).status }
                        answers.note("\(writer): \(path) \(status.map(String.init) ?? "no answer")", ok: status == 303)
                    }
                }
            }.start()
        }
        #expect(done.wait(timeout: .now() + 240) == .success, "the writers did not finish within 240 s")
        #expect(answers.refused.isEmpty, "\(answers.refused)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(try loans.must("--db", db, "json", "all").utf8)) as? [String: Any])
        let stored = try #require(document["loans"] as? [[String: Any]])
        let titles = stored.compactMap { $0["title"] as? String }.filter { $0.hasPrefix("Web ") }
        #expect(titles.count == 2 * each && Set(titles).count == 2 * each, "\(titles.sorted())")
        let shared = try #require(stored.first { $0["title"] as? String == "Shared" })
        #expect(shared["renewals"] as? Int == 2 * each && shared["due_on"] as? String == "2026-12-31", "\(shared)")
    }

    @Test func theTUIShowsHostileTitlesWithoutObeyingThem() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let path = loans.folder + "/hostile.json"
        try HostileInputTests.document().write(to: URL(fileURLWithPath: path))
        #expect(try loans("import", path).status == 0)
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 120, height: 40)
        defer { pane.close() }
        let screen = try pane.waitFor("OVERDUE (7)", "DUE SOON (6)")
        #expect(screen.contains("]0;owned"))
        #expect(screen.contains("#{host} #(touch PWNED)"))
        #expect(try pane.tmux("display-message", "-p", "-t", "t", "#{pane_title}") != "owned\n")
        try pane.press("Enter")
        _ = try pane.waitFor("Loan #1")
        try pane.press("q", "q")
        #expect(try pane.exitStatus() == 0)
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/PWNED"))
    }
}

/// What each web write was answered, under a lock.
private final class Answers: @unchecked Sendable {  // `notes` is read and written under `lock`
    private let lock = NSLock()
    private var notes: [String] = []

    /// The writes not answered `303`.
    var refused: [String] { lock.withLock { notes } }

    func note(_ what: String, ok: Bool) {
        if !ok { lock.withLock { notes.append(what) } }
    }
}
