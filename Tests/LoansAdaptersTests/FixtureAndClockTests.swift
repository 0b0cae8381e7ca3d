import Foundation
import LoansAdapters
import LoansCore
import LoansInterchange
import LoansTestSupport
import Testing

@Suite struct FixtureAndClockTests {
    @Test func fixtureReadsTheDocumentFromAFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("fixture.json")
        try #"{"schema_version": 1, "loans": [{"id": 3, "title": "Dune", "direction": "borrowed", "counterparty": "Library", "lent_on": "2026-11-01", "due_on": "2026-11-30"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let store = try FixtureLoanStore(contentsOf: SystemPath(path)!)
        #expect(try store.loan(LoanID(3))?.title == "Dune")
        #expect(throws: InputFileError.self) { try FixtureLoanStore(contentsOf: SystemPath(folder.file("missing.json"))!) }
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: DocumentError.self) { try FixtureLoanStore(contentsOf: SystemPath(path)!) }
    }

    /// A fixture document holds loans, not their history: it says so once (`history` is nil), and
    /// the history's questions find nothing — no entry, nothing streamed, no revision in a feed.
    @Test func aFixtureKeepsNoHistory() throws {
        let store = FixtureLoanStore(loans: [Sample.loan(1, due: 2)])
        #expect(store.history == nil)
        #expect(try HistoryQuery(store: store).entries(of: nil, limit: nil).isEmpty)
        var streamed = 0
        try HistoryQuery(store: store).stream(
            of: nil, limit: nil, oldestFirst: true, change: { _ in streamed += 1 }, delta: { _ in streamed += 1 },
            person: { _ in streamed += 1 }, end: { streamed += 1 }
        )
        #expect(streamed == 0)
        var revisions: [LoanRevision?] = []
        try CalendarFeedQuery(store: store).stream(identity: { _ in }) { revisions.append($0.revision) }
        #expect(revisions == [nil])
    }

    /// Today and the UTC instant, whole, against `date` (another implementation) read just
    /// before and just after, so a midnight or a second boundary in between cannot fail it.
    @Test func systemClockReadsTodayInTheProcessZone() throws {
        let readDate = { (arguments: [String]) in
            try Tool.run("/bin/date", arguments).trimmingCharacters(in: .newlines)
        }
        let (todayBefore, utcBefore) = try (readDate(["+%F"]), readDate(["-u", "+%Y-%m-%dT%H:%M:%SZ"]))
        let now = SystemClock().now()
        let (todayAfter, utcAfter) = try (readDate(["+%F"]), readDate(["-u", "+%Y-%m-%dT%H:%M:%SZ"]))
        #expect([todayBefore, todayAfter].contains(now.today.iso), "today \(now.today.iso), date says \(todayBefore)…\(todayAfter)")
        #expect(utcBefore <= now.utc.description && now.utc.description <= utcAfter, "utc \(now.utc), date says \(utcBefore)…\(utcAfter)")
    }
}
