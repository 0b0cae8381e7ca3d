import Foundation
import Glibc
import LoansTestSupport
import Testing

/// On a store several people share, only its owner keeps the web's accounts: another member may
/// list them and change their own account's password and tokens, and gets exit 77 for anything
/// else — so no member can reset another's password and sign in as them. A shared SQLite file
/// (two OS users, one group), and the PostgreSQL household of Deployment.md (two logins in one
/// group, Alice among the role `loans_admin`).
@Suite struct AccountKeeperTests {
    static let password = "a-long-enough-password\n"

    /// What a member who is not the owner is refused (exit 77, nothing changed) and allowed, as
    /// `run` runs loans as that member; `other` is an account not theirs, `own` their own.
    static func expectMemberLimits(other: String, own: String, owner: String, _ run: ([String]) throws -> BinaryHarness.Result) throws {
        let refused: [[String]] = [
            ["account", "passwd", other, "--password-stdin"], ["account", "add", "Mallory", "--password-stdin"],
            ["account", "remove", other], ["account", "role", other, "viewer"], ["account", "token", other],
            ["account", "token", other, "--revoke"], ["account", "role", own, "editor"], ["account", "feed", other],
            ["account", "feed", other, "--revoke"],
        ]
        for words in refused {
            let result = try run(words)
            #expect(result.status == 77, "\(words): \(result.status) \(result.err)")
            #expect(result.err.contains("only the store's owner (\(owner)") && result.out.isEmpty, "\(words): \(result.err)")
        }
        let listed = try run(["account", "list"])
        #expect(listed.status == 0 && listed.out.contains(other), "\(listed.err)")
        let own1 = try run(["account", "passwd", own, "--password-stdin"])
        #expect(own1.status == 0, "a member changes their own password: \(own1.err)")
        let token = try run(["account", "token", own.uppercased()])
        #expect(token.status == 0 && token.out.count == 65, "a member makes their own token: \(token.err)")
        let feed = try run(["account", "feed", own])
        #expect(feed.status == 0 && feed.out.contains("/feeds/"), "a member makes their own calendar feed: \(feed.err)")
        // Share links are the loans' business: whoever writes the loans makes them.
        let share = try run(["share", other])
        #expect(share.status == 0 && share.out.contains("/s/"), "a member makes a share link: \(share.err)")
    }

    /// A config file naming serve.base_url in `home`, which every user may read.
    static func baseURL(in home: String, _ loans: BinaryHarness) throws {
        try loans.tool("/bin/mkdir", "-p", home + "/.config/loans")
        try "serve.base_url = https://loans.example.org/\n".write(toFile: home + "/.config/loans/config", atomically: true, encoding: .utf8)
        try loans.tool("/bin/chmod", "-R", "a+rX", home + "/.config")
    }

    @Test func onASharedFileOnlyItsOwnerKeepsTheAccounts() throws {
        #expect(getuid() == 0, "running loans as two other users needs root: the suite runs as root in CI")
        guard getuid() == 0 else { return }
        let loans = try BinaryHarness()
        defer { loans.remove() }
        // A folder both users reach, of their common group; the file made by the owner, nobody.
        let shared = loans.folder + "/shared"
        try loans.tool("/bin/mkdir", shared)
        try loans.tool("/bin/chmod", "0711", loans.folder)
        try loans.tool("/bin/chown", "65534:65534", shared)
        try loans.tool("/bin/chmod", "2770", shared)
        let database = shared + "/loans.db"
        func run(as uid: Int, _ words: [String]) throws -> BinaryHarness.Result {
            let stdin = words.contains("--password-stdin") ? AccountKeeperTests.password : nil
            return try loans.run(
                "/usr/bin/setpriv", ["--reuid=\(uid)", "--regid=65534", "--clear-groups", "--", BinaryHarness.binary, "--db", database] + words,
                stdin: stdin, extra: ["HOME": shared]
            )
        }
        for words in [["account", "add", "Dana", "--password-stdin"], ["account", "add", "daemon", "--role", "viewer", "--password-stdin"]] {
            let made = try run(as: 65534, words)
            #expect(made.status == 0, "the owner, nobody: \(made.err)")
        }
        try loans.tool("/bin/sh", "-c", "chmod 0660 '\(database)'*")
        try AccountKeeperTests.baseURL(in: shared, loans)
        // daemon (uid 1) reads and writes the file through the group, and keeps its own account only.
        try AccountKeeperTests.expectMemberLimits(other: "Dana", own: "daemon", owner: "the database file's owner, nobody") { words in
            try run(as: 1, words)
        }
        #expect(try run(as: 1, ["add", "Ladder", "--to", "Sam", "--due", "+1w"]).status == 0, "the member still writes the loans")
        // The owner (and root) keep every account.
        for words in [["account", "passwd", "Dana", "--password-stdin"], ["account", "role", "daemon", "editor"]] {
            let kept = try run(as: 65534, words)
            #expect(kept.status == 0, "\(words): \(kept.err)")
        }
        #expect(try loans.must("--db", database, "account", "role", "Dana", "viewer").contains("a viewer"))
        #expect(try loans.must("--db", database, "account", "list") == "daemon\teditor\nDana\tviewer\n")
    }

    @Test func onPostgreSQLOnlyTheKeepersRoleKeepsTheAccounts() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let (database, group, alice, bob) = try DeploymentGuide().household(on: server)
        func run(_ role: String, _ words: [String]) throws -> BinaryHarness.Result {
            let stdin = words.contains("--password-stdin") ? AccountKeeperTests.password : nil
            return try loans.run(BinaryHarness.binary, ["--db", server.url(database, user: role)] + words, stdin: stdin)
        }
        for words in [["account", "add", "Sam", "--password-stdin"], ["account", "add", bob, "--role", "viewer", "--password-stdin"]] {
            let made = try run(alice, words)
            #expect(made.status == 0, "alice, a keeper: \(made.err)")
        }
        try AccountKeeperTests.baseURL(in: loans.folder, loans)
        // Bob is in the group that owns the schema, so he reads and writes everything — but not
        // the accounts, beyond his own.
        try AccountKeeperTests.expectMemberLimits(other: "Sam", own: bob, owner: "the schema's owner, \(group), or a member of the role loans_admin") { words in
            try run(bob, words)
        }
        #expect(try run(bob, ["add", "Ladder", "--to", "Sam", "--due", "+1w"]).status == 0, "the member still writes the loans")
        for words in [["account", "passwd", "Sam", "--password-stdin"], ["account", "role", bob, "editor"], ["account", "remove", "Sam"]] {
            let kept = try run(alice, words)
            #expect(kept.status == 0, "\(words): \(kept.err)")
        }
        #expect(try run(bob, ["account", "list"]).out == "\(bob)\teditor\n")
    }
}
