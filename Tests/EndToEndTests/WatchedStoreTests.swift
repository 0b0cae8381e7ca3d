import Foundation
import Glibc
import LoansTestSupport
import Testing

/// A watcher keeps its connection to the store across changes, so what it must notice is the
/// store itself becoming another: a database file moved into place or removed, a fixture
/// document written over (it is read whole) — each time the bar shows the new store's answer.
@Suite struct WatchedStoreTests {
    let loans: BinaryHarness

    init() throws {
        loans = try BinaryHarness()
    }

    @Test func aDatabaseMovedIntoPlaceOrRemovedIsReadFromThen() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "today")
        let watching = try Subprocess(BinaryHarness.binary, ["widget", "--watch"], environment: loans.environment)
        defer { watching.stop() }
        #expect(watching.waitForLines(1) == ["1 due soon: Dune (due today)"])
        let other = loans.folder + "/other.db"
        try loans.must("--db", other, "add", "Tent", "--to", "Priya", "--due", "2026-11-27", "--lent", "2026-11-01")
        #expect(rename(other, loans.folder + "/loans.db") == 0)
        #expect(watching.waitForLines(2).last == "1 overdue: Tent (2 days overdue)", "the old file is still read: \(watching.lines)")
        #expect(unlink(loans.folder + "/loans.db") == 0)
        #expect(watching.waitForLines(3).last == "", "the removed file is still read: \(watching.lines)")
    }

    @Test func aFixtureIsReadAgainWheneverItIsRewritten() throws {
        defer { loans.remove() }
        let fixture = loans.folder + "/fixture.json"
        try loans.must("add", "Dune", "--from", "City Library", "--due", "today")
        try Data(try loans.must("json", "all").utf8).write(to: URL(fileURLWithPath: fixture))
        let watching = try Subprocess(BinaryHarness.binary, ["--fixture", fixture, "widget", "--watch"], environment: loans.environment)
        defer { watching.stop() }
        #expect(watching.waitForLines(1) == ["1 due soon: Dune (due today)"])
        try loans.must("add", "Tent", "--to", "Priya", "--due", "2026-11-27", "--lent", "2026-11-01")
        // Written over in place from its start (the new document is the longer): the same file,
        // never empty, only new bytes — which only reading it whole again can tell.
        let document = Array(try loans.must("json", "all").utf8)
        let descriptor = open(fixture, O_WRONLY)
        try #require(descriptor >= 0)
        #expect(write(descriptor, document, document.count) == document.count)
        close(descriptor)
        #expect(watching.waitForLines(2).last == "1 overdue · 1 due soon: Tent (2 days overdue)", "\(watching.lines)")
    }
}
