import Foundation
import Glibc
import Testing

/// `loans calendar --output`: the file replaced in one step (never seen half-written by a reader
/// looping over it), its mode kept or made private, links followed; `--watch` rewriting it when
/// the loans change and only then.
@Suite struct CalendarOutputEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    func feed(_ arguments: String...) throws -> String {
        try loans.calendarFeed(arguments)
    }

    @Test func outputReplacesTheFileKeepingItsModeAndFollowingALink() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let path = try feed()
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "a new file is private")
        #expect(chmod(path, 0o644) == 0)
        _ = try feed()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o644, "an existing file keeps its mode")
        let served = loans.folder + "/www"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: false)
        #expect(symlink("www/loans.ics", loans.folder + "/link.ics") == 0)
        let linked = try loans.run(BinaryHarness.binary, ["calendar", "--output", loans.folder + "/link.ics"])
        #expect(linked.status == 0)
        #expect(lstat(loans.folder + "/link.ics", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link stays a link")
        #expect(try String(contentsOfFile: served + "/loans.ics", encoding: .utf8).hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: served) == ["loans.ics"], "no temporary file is left")
        let missing = try loans.run(BinaryHarness.binary, ["calendar", "--output", loans.folder + "/no/such/folder/x.ics"])
        #expect(missing.status == 74 && missing.out.isEmpty && missing.err.hasPrefix("loans: cannot write"))
        let stdout = try loans("calendar")
        #expect(stdout.status == 0 && stdout.out.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && stdout.out.hasSuffix("END:VCALENDAR\r\n"))
    }

    /// A reader loops over the file while it is rewritten 100 times, alternating two large
    /// feeds: every read is one whole feed.
    @Test func aReaderNeverSeesHalfAFeed() throws {
        defer { loans.remove() }
        func fixture(_ count: Int, _ name: String) throws -> String {
            let loansJSON = (1...count).map { id in
                #"{"id":\#(id),"title":"Book \#(id) \#(String(repeating: "x", count: id % 90))","direction":"borrowed","counterparty":"Library","lent_on":"2026-11-01","due_on":"2026-12-\#(10 + id % 18)","returned_on":null,"note":null,"renewals":0,"previous_due_dates":[]}"#
            }.joined(separator: ",")
            let path = loans.folder + "/" + name
            try #"{"schema_version":1,"database_id":"\#(name.hasPrefix("a") ? "aaaa" : "bbbb")","loans":[\#(loansJSON)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let fixtures = [try fixture(300, "a.json"), try fixture(600, "b.json")]
        let path = loans.folder + "/feed.ics"
        let stop = loans.folder + "/stop"
        let reader = """
            import os, sys
            path, stop = sys.argv[1], sys.argv[2]
            reads = bad = 0
            while not os.path.exists(stop):
                try:
                    data = open(path, 'rb').read()
                except FileNotFoundError:
                    continue
                reads += 1
                if not (data.startswith(b'BEGIN:VCALENDAR\\r\\n') and data.endswith(b'END:VCALENDAR\\r\\n')) or data.count(b'BEGIN:VEVENT') not in (300, 600):
                    bad += 1
            print(reads, bad)
            """
        try reader.write(toFile: loans.folder + "/loop.py", atomically: true, encoding: .utf8)
        let looping = try Subprocess("/usr/bin/python3", [loans.folder + "/loop.py", path, stop], environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true)
        defer { looping.stop() }
        var bare = loans
        bare.environment["LOANS_DB"] = nil
        for round in 0..<100 {
            let result = try bare.run(BinaryHarness.binary, ["--fixture", fixtures[round % 2], "calendar", "--output", path])
            #expect(result.status == 0, "\(result.err)")
        }
        #expect(FileManager.default.createFile(atPath: stop, contents: nil))
        let (code, output) = looping.finish(patience: 60)
        let counts = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(code == 0 && counts.count == 2, "\(output)")
        #expect(counts.first ?? 0 > 0, "the reader read while the file was rewritten")
        #expect(counts.last == 0, "reads that saw half a feed: \(output)")
    }

    @Test func watchRewritesTheFileWhenTheLoansChange() throws {
        defer { loans.remove() }
        let path = loans.folder + "/feed.ics"
        let watching = try Subprocess(BinaryHarness.binary, ["calendar", "--output", path, "--watch"], environment: loans.environment, mergeErrors: true)
        defer { watching.stop() }
        func feedContains(_ text: String) -> Bool {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains(text)
        }
        #expect(eventually(patience: 30) { feedContains("END:VCALENDAR") }, "\(watching.output)")
        #expect(!feedContains("BEGIN:VEVENT"))
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        #expect(eventually(patience: 30) { feedContains("SUMMARY:Return Dune to City Library") }, "\(watching.output)")
        var before = stat()
        #expect(stat(path, &before) == 0)
        #expect(try loans("remind", "--lead", "7").status == 0)
        usleep(1_000_000)
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_ino == before.st_ino, "a write that leaves the feed as it was does not rewrite it")
        try loans.must("return", "1")
        #expect(eventually(patience: 30) { !feedContains("BEGIN:VEVENT") }, "\(watching.output)")
        #expect(watching.isRunning)
    }
}
