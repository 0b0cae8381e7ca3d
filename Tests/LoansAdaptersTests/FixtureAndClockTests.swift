import Foundation
import LoansAdapters
import LoansCore
import LoansInterchange
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

    @Test func systemClockReadsTodayInTheProcessZone() {
        let now = SystemClock().now()
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        #expect(now.today.year == Int(parts.tm_year) + 1900)
        #expect(now.utc.description.hasSuffix("Z"))
        #expect(now.utc.description.count == 20)
    }
}
