import Foundation
import LoansTestSupport
import Testing

/// The channel `loans` that writes notify and watchers listen on, as seen by a stranger: a login
/// of the same server with no right on the loans. PostgreSQL lets any login LISTEN and NOTIFY on
/// any channel, so the channel carries nothing (a stranger learns no change id), and a watcher
/// trusts a notice only once the change feed's generation moved in the store (a stranger's
/// NOTIFY reloads no page and no bar). Account changes that end sessions come through the same
/// channel, so a running `loans serve` hears of them.
@Suite struct PostgresChannelTests {
    let loans: BinaryHarness
    let server: PostgresServer
    let database: String
    let url: String

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
        database = try server.createDatabase()
        url = server.url(database)
    }

    /// A stranger listening on the channel hears that something was written, and nothing more:
    /// no notice carries a change's id (or anything else).
    @Test func aStrangerListeningLearnsNoChangeID() throws {
        defer { loans.remove() }
        try loans.must("--db", url, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let stranger = try StrangerSession(server, database: database)
        #expect(try stranger.run("SELECT count(*) FROM loans.loan;").contains("permission denied"), "the stranger may read the loans")
        try stranger.run("LISTEN loans;")
        try loans.must("--db", url, "renew", "1", "--by", "+1w")
        try loans.must("--db", url, "add", "Rope", "--to", "Kim", "--due", "+3d")
        #expect(try eventually { try stranger.run("SELECT 1;"); return stranger.notices.count >= 2 }, "no notice reached the stranger")
        #expect(!stranger.notices.isEmpty && stranger.notices.allSatisfy { !$0.contains("payload") }, "\(stranger.notices)")
    }

    /// A stranger's NOTIFY on the channel makes no open page's `/events` stream send a change and
    /// no `widget --watch` read again, while a real write after it still reaches both. (The loan
    /// is retitled behind every watcher's back first — an administrator's UPDATE announces
    /// nothing — so a watcher that reads again on the stranger's word shows it in a line of its
    /// own. Notices arrive in the order they were sent, so once the real write's event and line
    /// have come, a trusted stranger's would have come already.)
    @Test func aStrangersNoticeWakesNoPageAndNoBar() throws {
        defer { loans.remove() }
        try loans.must("--db", url, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let bar = try Subprocess(BinaryHarness.binary, ["--db", url, "widget", "--watch"], environment: loans.environment)
        defer { bar.stop() }
        #expect(bar.waitForLines(1) == ["1 due soon: Dune (due in 2 days)"])
        let serve = try ServeProcess(loans, ["--db", url])
        try serve.signIn()
        let events = try serve.openEvents()
        defer { events.stop() }
        let changes = { events.output.components(separatedBy: "event: change").count - 1 }
        let stranger = try StrangerSession(server, database: database)
        try server.psql(database, "UPDATE loans.loan SET title = 'Dune, quietly' WHERE id = 1")
        try stranger.run("NOTIFY loans;")
        try stranger.run("SELECT pg_notify('loans', '1');")
        try stranger.run("NOTIFY loans, 'restored';")
        try loans.must("--db", url, "add", "Rope", "--to", "Kim", "--due", "2026-12-03")
        #expect(eventually { bar.lines.contains { $0.hasPrefix("2 due soon") } }, "the real write never reached the bar: \(bar.lines)")
        #expect(eventually { changes() >= 1 }, "the real write never reached the page: \(events.output)")
        #expect(bar.lines.count == 2 && bar.lines.last?.contains("Dune, quietly") == true, "the bar read again for the stranger: \(bar.lines)")
        #expect(changes() == 1, "the page was told of the stranger's notices: \(events.output)")
    }

    /// `loans account passwd` and `loans account remove` on the command line end the account's
    /// sessions; a running `loans serve` hears of each through the channel, as of a write: its
    /// open `/events` streams get an event.
    @Test func anAccountChangeReachesTheOpenPages() throws {
        defer { loans.remove() }
        try loans.must("--db", url, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let serve = try ServeProcess(loans, ["--db", url])
        try serve.signIn()
        try loans.must("--db", url, "account", "add", "Quill", "--password-stdin", stdin: "first-password-1\n")
        let events = try serve.openEvents()
        defer { events.stop() }
        let changes = { events.output.components(separatedBy: "event: change").count - 1 }
        let before = changes()
        try loans.must("--db", url, "account", "passwd", "Quill", "--password-stdin", stdin: "second-password-2\n")
        #expect(eventually { changes() > before }, "the password change never reached the page: \(events.output)")
        let afterPasswd = changes()
        try loans.must("--db", url, "account", "remove", "Quill")
        #expect(eventually { changes() > afterPasswd }, "the account's removal never reached the page: \(events.output)")
    }

    /// An import that takes a file's history as it stands (into an empty database) tells the
    /// watchers as any write does: a running bar shows the imported loans.
    @Test func anImportWithItsHistoryReachesARunningBar() throws {
        defer { loans.remove() }
        let file = loans.folder + "/moved.db"
        try loans.must("--db", file, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        try loans.must("--db", file, "renew", "1", "--by", "+1d")
        let document = try loans.must("--db", file, "json", "all", "--history")
        let bar = try Subprocess(BinaryHarness.binary, ["--db", url, "widget", "--watch"], environment: loans.environment)
        defer { bar.stop() }
        #expect(bar.waitForLines(1) == [""])
        try loans.must("--db", url, "import", "-", stdin: document)
        #expect(try loans.must("--db", url, "history").contains("renewed"), "the history was not taken as it stands")
        #expect(bar.waitForLines(2).last == "1 due soon: Dune (due in 3 days)", "\(bar.lines)")
    }
}
