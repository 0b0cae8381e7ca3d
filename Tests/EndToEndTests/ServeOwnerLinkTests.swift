import Foundation
import LoansTestSupport
import Testing

/// The one-time link `loans serve` prints while the store has no account signs its owner in as
/// an account — the OS user's, made as an editor without a password when there is none — so
/// every rule of accounts holds for that browser: a role changed with `loans account role`
/// applies to its next request, and `account passwd` and `account remove` end its session.
@Suite struct ServeOwnerLinkTests {
    /// The name the link signs in, from serve's line "sign in as NAME within …".
    static func owner(_ serve: ServeProcess) throws -> String {
        let line = try #require(serve.process.lines.first { $0.contains("sign in as ") }, "\(serve.process.output)")
        let after = try #require(line.range(of: "sign in as ")).upperBound
        return String(line[after...].prefix { $0 != " " })
    }

    @Test func theLinkSignsInAsTheOwnersAccountAndEveryAccountRuleApplies() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let owner = try ServeOwnerLinkTests.owner(serve)
        let csrf = try serve.signIn()
        // The link made the owner's account, an editor; signing in again needs a password first.
        #expect(try loans.must("account", "list") == "\(owner)\teditor\n")
        let taken = try loans("account", "add", owner, "--role", "viewer", "--password-stdin", stdin: "a-long-password\n")
        #expect(taken.status == 65, "\(taken.err)")
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        #expect(try loans.must("history").contains("by \(owner)@web"))

        // A viewer now: the same browser reads and writes nothing.
        _ = try loans.must("account", "role", owner, "viewer")
        let home = try serve.curl("/")
        #expect(home.status == 200 && home.body.contains("(viewer)") && !home.body.contains("(editor)"), "\(home.body)")
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 403)

        // A new password ends the session at once.
        _ = try loans.must("account", "passwd", owner, "--password-stdin", stdin: "a-long-password\n")
        let after = try serve.curl("/")
        #expect(after.status == 303 && after.header("Location") == "/login", "\(after.status)")
    }

    @Test func removingTheOwnersAccountEndsTheLinksSession() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let owner = try ServeOwnerLinkTests.owner(serve)
        try serve.signIn()
        _ = try loans.must("account", "remove", owner)
        let after = try serve.curl("/")
        #expect(after.status == 303 && after.header("Location") == "/login", "\(after.status)")
        #expect(try serve.curl("/api/v1/agenda").status == 401)
    }

    /// An account of the owner's name made after the link was printed is the one it signs in:
    /// a viewer stays a viewer.
    @Test func aLinkSignsInTheAccountOfItsNameAsItIsWhenUsed() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let owner = try ServeOwnerLinkTests.owner(serve)
        _ = try loans.must("account", "add", owner, "--role", "viewer", "--password-stdin", stdin: "a-long-password\n")
        let csrf = try serve.signIn()
        #expect(try loans.must("account", "list") == "\(owner)\tviewer\n")
        #expect(try serve.curl("/").body.contains("(viewer)"))
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 403)
    }
}
