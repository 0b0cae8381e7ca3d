import Foundation
import LoansTestSupport
import Testing

/// An open `/events` stream is its session's: when the session ends from outside — its account's
/// password changed or the account removed, by `loans account` in another process — the server
/// closes the stream at once, while the streams of other sessions go on.
@Suite struct ServeStreamEndTests {
    @Test func aPasswordChangedOrAnAccountRemovedClosesItsOpenStreams() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        try loans.must("account", "add", "Ada", "--password-stdin", stdin: ServeAccountTests.password + "\n")
        let serve = try ServeProcess(loans)
        // Three browsers, each with its own cookie jar, each with a page open.
        let streams = try ["Quill", "Vi", "Ada"].map { name in
            serve.jar = loans.folder + "/cookies-\(name).txt"
            #expect(try ServeAccountTests.signIn(serve, name, ServeAccountTests.password).status == 303)
            return try serve.openEvents(seconds: 120)
        }
        defer { streams.forEach { $0.stop() } }
        _ = try loans.must("account", "passwd", "Quill", "--password-stdin", stdin: "another-long-password\n")
        #expect(streams[0].waitForExit(patience: 20), "Quill's stream outlived the new password: \(streams[0].output)")
        _ = try loans.must("account", "remove", "Vi")
        #expect(streams[1].waitForExit(patience: 20), "Vi's stream outlived the account: \(streams[1].output)")
        // Ada's session is still on: her stream heard of both changes and is open.
        #expect(streams[2].isRunning, "\(streams[2].output)")
        try loans.must("add", "Ladder", "--to", "Kim", "--due", "+1w")
        #expect(eventually(patience: 20) { streams[2].output.contains("event: change") }, "\(streams[2].output)")
        #expect(streams[2].isRunning)
    }

    /// On PostgreSQL the change that ends a session is announced like a write: a server learns of
    /// it at once, whichever process or machine made it; so does a second server on the database.
    @Test func onPostgreSQLEveryServerClosesTheStreamsOfAnEndedSession() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let url = server.url(try server.createDatabase())
        for name in ["Quill", "Ada"] {
            try loans.must("--db", url, "account", "add", name, "--password-stdin", stdin: ServeAccountTests.password + "\n")
        }
        let servers = [try ServeProcess(loans, ["--db", url]), try ServeProcess(loans, ["--db", url])]
        var streams: [Subprocess] = []
        defer { streams.forEach { $0.stop() } }
        for (index, serve) in servers.enumerated() {
            for name in ["Quill", "Ada"] {
                serve.jar = loans.folder + "/cookies-\(name)-\(index).txt"
                #expect(try ServeAccountTests.signIn(serve, name, ServeAccountTests.password).status == 303)
                streams.append(try serve.openEvents(seconds: 120))
            }
        }
        _ = try loans.must("--db", url, "account", "remove", "Quill")
        for index in [0, 2] {
            #expect(streams[index].waitForExit(patience: 20), "Quill's stream on server \(index / 2) outlived the account: \(streams[index].output)")
        }
        try loans.must("--db", url, "add", "Ladder", "--to", "Kim", "--due", "+1w")
        for index in [1, 3] {
            #expect(eventually(patience: 20) { streams[index].output.contains("event: change") } && streams[index].isRunning, "\(streams[index].output)")
        }
    }
}
