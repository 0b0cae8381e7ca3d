import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans calendar` through the built binary, read by real programs: Debian's python3-icalendar
/// gives hostile titles and notes back exactly, calcurse imports the feed, uids stay and
/// sequences grow, identities come from the database or the fixture document.
@Suite struct CalendarEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    func feed(_ arguments: String...) throws -> String {
        try loans.calendarFeed(arguments)
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
        let parsed = try ICalendarReading.parse(in: loans.folder, path)
        #expect(parsed.events.count == CalendarEndToEndTests.hostile.count)
        // A summary is one line (a line break there makes calcurse skip the event); a note keeps them.
        #expect(parsed.events.map(\.summary) == CalendarEndToEndTests.hostile.map { "Return \($0.replacingOccurrences(of: "\n", with: " ")) to Lib" })
        #expect(parsed.events.map(\.description) == CalendarEndToEndTests.hostile.map { "note: " + $0 })
        #expect(parsed.components.filter { $0 == "VEVENT" }.count == CalendarEndToEndTests.hostile.count)
        #expect(!parsed.events.contains { $0.uid == "injected" })
        #expect(parsed.events.first?.alarms == [-(2 * 86_400 + 15 * 3600), -(15 * 3600), 9 * 3600], "09:00 on 3, 1 and 0 days before")
    }

    @Test func calcurseImportsTheFeed() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01", "--note", "Second floor; shelf 3")
        try loans.must("add", "Cordless drill", "--to", "Sam", "--due", "2026-11-20")
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

    /// Every event imports into a real calcurse, whatever its title and note hold: line breaks
    /// of every kind (calcurse silently skips an event whose summary has one), C1 controls and
    /// bidi marks — which reach neither the feed raw nor calcurse's list.
    @Test func calcurseImportsEveryEventWhateverItsText() throws {
        defer { loans.remove() }
        let titles = [
            "two\nlines", "carriage\rreturn", "crlf\r\nend", "line\u{2028}separator", "para\u{2029}graph",
            "next\u{85}line", "csi\u{9B}31m", "bidi \u{202E}desrever\u{202C} x", "isolate \u{2067}x\u{2069}", "plain",
        ]
        for (index, title) in titles.enumerated() {
            let added = try loans("add", "--from", "Lib", "--due", "2026-12-\(10 + index)", "--note", "first\nsecond\u{85}\u{202E}", "--", title)
            #expect(added.status == 0, "\(added.err)")
        }
        let path = try feed()
        let feedText = try String(contentsOfFile: path, encoding: .utf8)
        for raw in ["\u{85}", "\u{9B}", "\u{202E}", "\u{202C}", "\u{2067}", "\u{2069}", "\u{2028}", "\u{2029}"] {
            #expect(!feedText.contains(raw), "U+\(String(raw.unicodeScalars.first!.value, radix: 16, uppercase: true)) reached the feed raw")
        }
        let folder = loans.folder + "/calcurse"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let run = try Subprocess("/usr/bin/calcurse", ["-D", folder, "-i", path], environment: ["PATH": "/usr/bin:/bin", "HOME": loans.folder, "TMPDIR": loans.folder], mergeErrors: true)
        let (code, output) = run.finish(patience: 60)
        #expect(code == 0 && output.contains("\(titles.count) events") && output.contains("0 skipped"), "\(output)")
        let appointments = try String(contentsOfFile: folder + "/apts", encoding: .utf8).split(separator: "\n").map(String.init)
        for index in titles.indices {
            #expect(appointments.contains { $0.hasPrefix("12/\(10 + index)/2026 [1] ") && $0.contains("to Lib") }, "event \(index) (\(titles[index].debugDescription)) is missing: \(appointments)")
        }
        #expect(appointments.contains { $0.contains("Return two lines to Lib") })
        #expect(appointments.contains { $0.contains("Return bidi  desrever  x to Lib") })
    }

    @Test func uidsStayForTheLifeOfALoanAndSequencesGrow() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        try loans.must("add", "Forever", "--to", "Sam", "--due", "9999-12-31")
        let first = try ICalendarReading.parse(in: loans.folder, try feed())
        let again = try ICalendarReading.parse(in: loans.folder, try feed())
        #expect(first.events == again.events)
        let identity = try #require(first.events.first?.uid.split(separator: "@").last.map(String.init))
        #expect(first.events.map(\.uid) == ["loan-1@\(identity)", "loan-2@\(identity)"])
        #expect(identity.count == 32 && identity.allSatisfy(\.isHexDigit))
        #expect(first.events[1].end == nil && first.events[1].start == "9999-12-31", "no day after the last")
        #expect(first.events[0].end == "2026-12-02" && first.events[0].sequence == 1)
        try loans.must("renew", "1", "--due", "2026-12-15")
        let renewed = try ICalendarReading.parse(in: loans.folder, try feed()).events[0]
        #expect(renewed.uid == first.events[0].uid && renewed.sequence == 2 && renewed.start == "2026-12-15")
        try loans.must("undo")
        let undone = try ICalendarReading.parse(in: loans.folder, try feed()).events[0]
        #expect(undone.uid == first.events[0].uid && undone.sequence == 3 && undone.start == "2026-12-01")
        try loans.must("return", "1")
        #expect(try ICalendarReading.parse(in: loans.folder, try feed()).events.map(\.uid) == ["loan-2@\(identity)"], "returned loans leave the feed")
        var other = loans
        other.environment["LOANS_DB"] = loans.folder + "/other.db"
        try other.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let elsewhere = try other.run(BinaryHarness.binary, ["calendar"])
        #expect(elsewhere.status == 0 && elsewhere.out.contains("UID:loan-1@") && !elsewhere.out.contains(identity), "another database, other uids")
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
        try loans.must("add", "Dune", "--from", "Lib", "--due", "2026-12-01")
        #expect(!(try loans("calendar", "--alarms", "").out.contains("VALARM")))
        #expect(try loans("calendar", "--alarms", "7").out.contains("TRIGGER:-P6DT15H\r\n"))
        // A first-edition database: no history, no identity (schema 2).
        let database = loans.folder + "/loans.db"
        let downgrade = """
            DROP TABLE change; DROP TABLE change_loan; DROP TABLE store_meta; DROP TABLE reminder_sent;
            DROP TRIGGER loan_search_added; DROP TRIGGER loan_search_removed; DROP TRIGGER loan_search_changed;
            DROP TABLE loan_search; DROP INDEX loan_open_big; DROP INDEX loan_returned;
            DROP TABLE account; DROP TABLE web_session; DROP TABLE sign_in_link; DROP TABLE api_token; DROP TABLE sign_in_attempt; DROP TABLE share_link; DROP TABLE calendar_feed; DROP TABLE person; DROP TABLE change_person;
            PRAGMA user_version = 2;
            """
        let sqlite = try Subprocess("/usr/bin/sqlite3", [database, downgrade], environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true).finish(patience: 30)
        #expect(sqlite.code == 0, "\(sqlite.output)")
        let upgraded = try loans("calendar")
        #expect(upgraded.status == 0 && upgraded.out.contains("UID:loan-1@") && upgraded.out.contains("SEQUENCE:0\r\n"), "\(upgraded.err)")
        #expect(try loans("calendar").out == upgraded.out, "the identity it got stays")
    }

    /// On a PostgreSQL server the feed has the same events, with the server database's own
    /// identity in the uids; the reminders due are the same on both engines.
    @Test func onPostgreSQLTheUidsCarryTheServersIdentity() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        for arguments in [["add", "Dune", "--from", "City Library", "--due", "2026-12-01"], ["renew", "1", "--due", "2026-12-08"]] {
            #expect(try loans.run(BinaryHarness.binary, ["--db", url] + arguments).status == 0)
            #expect(try loans.run(BinaryHarness.binary, arguments).status == 0)
        }
        let onServer = try loans.run(BinaryHarness.binary, ["--db", url, "calendar"])
        let onFile = try loans("calendar")
        let identity = try server.psql(database, "SELECT value FROM loans.store_meta WHERE key = 'database_id'")
        #expect(onServer.status == 0 && onServer.out.contains("UID:loan-1@\(identity)\r\n") && identity.count == 32, "\(onServer.err)")
        func withoutUIDsAndStamps(_ feed: String) -> String {
            feed.split(separator: "\r\n").filter { !$0.hasPrefix("UID:") && !$0.hasPrefix("DTSTAMP:") && !$0.hasPrefix("LAST-MODIFIED:") }.joined(separator: "\n")
        }
        #expect(withoutUIDsAndStamps(onServer.out) == withoutUIDsAndStamps(onFile.out))
        let remind = try loans.run(BinaryHarness.binary, ["--db", url, "remind", "--dry-run", "--lead", "30"])
        let onFileRemind = try loans("remind", "--dry-run", "--lead", "30")
        #expect(remind.status == 0 && !remind.out.isEmpty && remind.out == onFileRemind.out, "\(remind.err)")
    }
}
