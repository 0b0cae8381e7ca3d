import Foundation
import Glibc
import Testing

/// `loans calendar` through the built binary, read by real programs: Debian's python3-icalendar
/// gives hostile titles and notes back exactly, calcurse imports the feed, uids stay and
/// sequences grow, `--output` replaces the file in one step (never seen half-written), and
/// `--watch` rewrites it when the loans change.
@Suite struct CalendarEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// Reads a feed with python3-icalendar: one JSON object per event.
    static let reader = #"""
        import icalendar, json, sys
        calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        events = []
        for event in calendar.walk('VEVENT'):
            events.append({
                'uid': str(event['UID']), 'sequence': int(event['SEQUENCE']), 'summary': str(event['SUMMARY']),
                'description': str(event['DESCRIPTION']) if 'DESCRIPTION' in event else None,
                'start': event['DTSTART'].dt.isoformat(), 'end': event['DTEND'].dt.isoformat() if 'DTEND' in event else None,
                'stamp': event['DTSTAMP'].dt.isoformat(),
                'alarms': [int(alarm['TRIGGER'].dt.total_seconds()) for alarm in event.walk('VALARM')],
            })
        print(json.dumps({'events': events, 'components': [c.name for c in calendar.walk()]}))
        """#

    struct Event: Decodable, Equatable {
        let uid: String
        let sequence: Int
        let summary: String
        let description: String?
        let start: String
        let end: String?
        let stamp: String
        let alarms: [Int]
    }

    struct Parsed: Decodable {
        let events: [Event]
        let components: [String]
    }

    /// The feed at `path` as python3-icalendar reads it.
    func parse(_ path: String) throws -> Parsed {
        let script = loans.folder + "/read.py"
        try CalendarEndToEndTests.reader.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Subprocess("/usr/bin/python3", [script, path], environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true)
        let (code, output) = run.finish(patience: 60)
        #expect(code == 0, "python3-icalendar: \(output)")
        return try JSONDecoder().decode(Parsed.self, from: Data(output.utf8))
    }

    func feed(_ arguments: String...) throws -> String {
        let path = loans.folder + "/feed.ics"
        let result = try loans.run(BinaryHarness.binary, ["calendar", "--output", path] + arguments)
        #expect(result.status == 0 && result.out.isEmpty && result.err.isEmpty, "\(result.err)")
        return path
    }

    static let hostile = [
        "semi;colon", "com,ma", "back\\slash", "two\nlines", "x\nEND:VEVENT\nBEGIN:VEVENT\nUID:injected\nSUMMARY:owned",
        String(repeating: "é", count: 500), String(repeating: "a", count: 62) + "👨‍👩‍👧‍👦 family across a fold",
    ]

    @Test func aRealParserReadsHostileTitlesAndNotesBackExactly() throws {
        defer { loans.remove() }
        for (index, title) in CalendarEndToEndTests.hostile.enumerated() {
            let added = try loans("add", "--from", "Lib", "--due", "2026-12-0\(index + 1)", "--note", "note: " + title, "--", title)
            #expect(added.status == 0, "\(added.err)")
        }
        let path = try feed()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var lineStart = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            #expect(index > 0 && bytes[index - 1] == 0x0D, "every line ends with CRLF")
            let line = bytes[lineStart..<(index - 1)]
            #expect(line.count <= 75, "no line is longer than 75 octets")
            #expect(String(validating: line, as: UTF8.self) != nil, "no line splits a UTF-8 sequence")
            lineStart = index + 1
        }
        #expect(lineStart == bytes.count)
        let parsed = try parse(path)
        #expect(parsed.events.count == CalendarEndToEndTests.hostile.count)
        #expect(parsed.events.map(\.summary) == CalendarEndToEndTests.hostile.map { "Return \($0) to Lib" })
        #expect(parsed.events.map(\.description) == CalendarEndToEndTests.hostile.map { "note: " + $0 })
        #expect(parsed.components.filter { $0 == "VEVENT" }.count == CalendarEndToEndTests.hostile.count)
        #expect(!parsed.events.contains { $0.uid == "injected" })
        #expect(parsed.events.first?.alarms == [-(2 * 86_400 + 15 * 3600), -(15 * 3600), 9 * 3600], "09:00 on 3, 1 and 0 days before")
    }

    @Test func calcurseImportsTheFeed() throws {
        defer { loans.remove() }
        try loans("add", "Dune", "--from", "City Library", "--due", "2026-12-01", "--note", "Second floor; shelf 3")
        try loans("add", "Cordless drill", "--to", "Sam", "--due", "2026-11-20")
        let path = try feed()
        let folder = loans.folder + "/calcurse"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let run = try Subprocess("/usr/bin/calcurse", ["-D", folder, "-i", path], environment: ["PATH": "/usr/bin:/bin", "HOME": loans.folder], mergeErrors: true)
        let (code, output) = run.finish(patience: 60)
        #expect(code == 0 && output.contains("2 events") && output.contains("0 skipped"), "\(output)")
        let events = try String(contentsOfFile: folder + "/apts", encoding: .utf8)
        #expect(events.contains("11/20/2026 [1] ") && events.contains("Get back Cordless drill from Sam"))
        #expect(events.contains("12/01/2026 [1] ") && events.contains("Return Dune to City Library"))
    }

    @Test func uidsStayForTheLifeOfALoanAndSequencesGrow() throws {
        defer { loans.remove() }
        try loans("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        try loans("add", "Forever", "--to", "Sam", "--due", "9999-12-31")
        let first = try parse(try feed())
        let again = try parse(try feed())
        #expect(first.events == again.events)
        let identity = try #require(first.events.first?.uid.split(separator: "@").last.map(String.init))
        #expect(first.events.map(\.uid) == ["loan-1@\(identity)", "loan-2@\(identity)"])
        #expect(identity.count == 32 && identity.allSatisfy(\.isHexDigit))
        #expect(first.events[1].end == nil && first.events[1].start == "9999-12-31", "no day after the last")
        #expect(first.events[0].end == "2026-12-02" && first.events[0].sequence == 1)
        try loans("renew", "1", "--due", "2026-12-15")
        let renewed = try parse(try feed()).events[0]
        #expect(renewed.uid == first.events[0].uid && renewed.sequence == 2 && renewed.start == "2026-12-15")
        try loans("undo")
        let undone = try parse(try feed()).events[0]
        #expect(undone.uid == first.events[0].uid && undone.sequence == 3 && undone.start == "2026-12-01")
        try loans("return", "1")
        #expect(try parse(try feed()).events.map(\.uid) == ["loan-2@\(identity)"], "returned loans leave the feed")
        var other = loans
        other.environment["LOANS_DB"] = loans.folder + "/other.db"
        try other("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let elsewhere = try other.run(BinaryHarness.binary, ["calendar"])
        #expect(elsewhere.status == 0 && elsewhere.out.contains("UID:loan-1@") && !elsewhere.out.contains(identity), "another database, other uids")
    }

    @Test func outputReplacesTheFileKeepingItsModeAndFollowingALink() throws {
        defer { loans.remove() }
        try loans("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
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
        try loans("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        #expect(eventually(patience: 30) { feedContains("SUMMARY:Return Dune to City Library") }, "\(watching.output)")
        var before = stat()
        #expect(stat(path, &before) == 0)
        #expect(try loans("remind", "--lead", "7").status == 0)
        usleep(1_000_000)
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_ino == before.st_ino, "a write that leaves the feed as it was does not rewrite it")
        try loans("return", "1")
        #expect(eventually(patience: 30) { !feedContains("BEGIN:VEVENT") }, "\(watching.output)")
        #expect(watching.isRunning)
    }

    @Test func identitiesOptionsAndOlderDatabases() throws {
        defer { loans.remove() }
        var bare = loans
        bare.environment["LOANS_DB"] = nil
        let named = loans.folder + "/named.json"
        let loan = #"{"id":7,"title":"Dune","direction":"borrowed","counterparty":"Lib","lent_on":"2026-11-01","due_on":"2026-12-01","returned_on":null,"note":null,"renewals":0,"previous_due_dates":[]}"#
        try #"{"schema_version":1,"database_id":"1234abcd","loans":[\#(loan)]}"#.write(toFile: named, atomically: true, encoding: .utf8)
        #expect(try bare("--fixture", named, "calendar").out.contains("UID:loan-7@1234abcd\r\n"))
        let anonymous = loans.folder + "/anonymous.json"
        try #"{"schema_version":1,"loans":[\#(loan)]}"#.write(toFile: anonymous, atomically: true, encoding: .utf8)
        let refused = try bare("--fixture", anonymous, "calendar")
        #expect(refused.status == 65 && refused.out.isEmpty && refused.err.contains("database_id"))
        #expect(try loans("calendar", "--watch").status == 64)
        #expect(try loans("calendar", "--alarms", "1,x").status == 64)
        try loans("add", "Dune", "--from", "Lib", "--due", "2026-12-01")
        #expect(!(try loans("calendar", "--alarms", "").out.contains("VALARM")))
        #expect(try loans("calendar", "--alarms", "7").out.contains("TRIGGER:-P6DT15H\r\n"))
        // A first-edition database: no history, no identity (schema 2).
        let database = loans.folder + "/loans.db"
        let downgrade = "DROP TABLE change; DROP TABLE change_loan; DROP TABLE store_meta; DROP TABLE reminder_sent; PRAGMA user_version = 2;"
        let sqlite = try Subprocess("/usr/bin/sqlite3", [database, downgrade], environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true).finish(patience: 30)
        #expect(sqlite.code == 0, "\(sqlite.output)")
        let upgraded = try loans("calendar")
        #expect(upgraded.status == 0 && upgraded.out.contains("UID:loan-1@") && upgraded.out.contains("SEQUENCE:0\r\n"), "\(upgraded.err)")
        #expect(try loans("calendar").out == upgraded.out, "the identity it got stays")
    }
}
