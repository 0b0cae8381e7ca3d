import Foundation
import LoansCore
import LoansTestSupport
@testable import LoansWeb
import Testing

/// The forms of a person's page: the address set or removed by the rules and words of `loans
/// person` (one change of `NAME@web`, which the web's undo takes back), a share link made and
/// shown once (the store keeps its hash) or revoked; each with the session's CSRF token and
/// from this origin, Post/Redirect/Get, `422` with the input kept, `404` for nobody.
@Suite struct PeopleFormTests {
    static func history(_ web: TestFront) throws -> [String] {
        try web.store.history(of: nil, limit: nil).map { "\($0.kind) \($0.who)" }
    }

    @Test func anAddressIsSetAsLoansPersonSetsIt() throws {
        let web = try PeoplePageTests.front()
        let set = web.post("/people/alice", [("email", "alice@new.example")])
        #expect(set.status == 303 && set.header("Location") == "/people/Alice", "the page of the person, by the name kept")
        #expect(web.get("/people/Alice").body.contains("<p class=\"flash\" role=\"status\">Set Alice: alice@new.example (was alice@example.org).</p>"))
        #expect(try web.store.person(PersonKey("Alice")) == Person(name: "Alice", email: try EmailAddress(parsing: "alice@new.example")), "never respelt by the address typed")
        #expect(try PeopleFormTests.history(web) == ["person alice@web"])
        let library = web.post("/people/City%20Library", [("email", "desk@library.example")])
        #expect(library.header("Location") == "/people/City%20Library")
        #expect(web.get("/people/City%20Library").body.contains("Added City Library: desk@library.example."))
        let removed = web.post("/people/Alice", [("no_email", "1")])
        #expect(removed.status == 303 && web.get("/people/Alice").body.contains("Set Alice: no address (was alice@new.example)."))
        #expect(web.post("/people/Alice", [("no_email", "1")]).status == 303)
        #expect(web.get("/people/Alice").body.contains("Unchanged: Alice: no address."))
        #expect(try PeopleFormTests.history(web) == ["person alice@web", "person alice@web", "person alice@web"], "unchanged writes nothing")
    }

    /// The web's undo takes back the person's own change of a contact, as `loans undo` does.
    @Test func undoTakesBackAnAddress() throws {
        let web = try PeoplePageTests.front()
        #expect(web.post("/people/Alice", [("email", "alice@new.example")]).status == 303)
        let undone = web.post("/undo")
        #expect(undone.status == 303)
        #expect(web.get("/").body.contains("Undid: set contact Alice — Alice: alice@example.org again"))
        #expect(try web.store.person(PersonKey("Alice"))?.email == PeoplePageTests.alice)
    }

    @Test func aRefusedAddressComesBackWithItsInput() throws {
        let web = try PeoplePageTests.front()
        let spaced = web.post("/people/Alice", [("email", "alice at example.org")])
        #expect(spaced.status == 422)
        #expect(spaced.body.contains("value=\"alice at example.org\"") && spaced.body.contains("aria-invalid=\"true\""))
        #expect(spaced.body.contains("\"alice at example.org\" is not an e-mail address: it holds a space, which an address may not hold"))
        let hostile = web.post("/people/Alice", [("email", "a\"><script>x</script>@example.org")])
        #expect(hostile.status == 422 && !hostile.body.contains("<script>x"))
        #expect(web.post("/people/Alice", [("email", "")]).body.contains("is not an e-mail address: it is empty"))
        #expect(web.post("/people/Alice", []).status == 422)
        let both = web.post("/people/Alice", [("email", "a@b.org"), ("no_email", "1")])
        #expect(both.status == 422 && both.body.contains("give only one of email or no_email"))
        #expect(web.post("/people/Nobody", [("email", "n@example.org")]).status == 404)
        #expect(try web.store.history(of: nil, limit: nil).isEmpty, "nothing refused was written")
        #expect(try web.store.person(PersonKey("Nobody")) == nil)
    }

    /// A share link made on the web is shown once, on the answer only (the store keeps its hash),
    /// opens the person's share page, and ends the one before.
    @Test func aShareLinkIsShownOnceAndOpensTheirPage() throws {
        let web = try PeoplePageTests.front()
        let made = web.post("/people/alice/share")
        #expect(made.status == 200)
        #expect(made.header("Cache-Control") == "no-store" && made.header("Referrer-Policy") == "no-referrer")
        let link = try #require(made.body.range(of: "http://127.0.0.1:8742/s/[0-9a-f]{64}", options: .regularExpression).map { String(made.body[$0]) })
        let token = String(link.suffix(64))
        #expect(made.body.components(separatedBy: token).count == 2, "shown once on the page")
        #expect(try web.signIns.shareLinks().map(\.name) == ["Alice"])
        let shared = web.get("/s/" + token)
        #expect(shared.status == 200 && shared.body.contains("Your loans with Sam") && shared.body.contains("The Hobbit"))
        let page = web.get("/people/Alice")
        #expect(!page.body.contains(token) && SharingText.read(page.body).contains("Share link made 2026-11-29 12:00"))
        #expect(web.post("/people/Alice/share").status == 200)
        #expect(web.get("/s/" + token).status == 404, "a new link ends the one before")
        let nobody = web.post("/people/Bob/share")
        #expect(nobody.status == 200 && SharingText.read(nobody.body).contains("No open loan is with Bob yet"))
        #expect(web.post("/people/Nobody/share").status == 404)
        #expect(try web.store.history(of: nil, limit: nil).isEmpty, "a link is not a change of the loans")
    }

    @Test func aShareLinkIsRevokedAtOnce() throws {
        let web = try PeoplePageTests.front()
        let made = web.post("/people/Alice/share")
        let token = try #require(made.body.range(of: "/s/[0-9a-f]{64}", options: .regularExpression).map { String(made.body[$0].suffix(64)) })
        let revoked = web.post("/people/ALICE/share/revoke")
        #expect(revoked.status == 303 && revoked.header("Location") == "/people/Alice")
        #expect(web.get("/people/Alice").body.contains("<p class=\"flash\" role=\"status\">The share link of \"Alice\" has ended.</p>"))
        #expect(web.get("/s/" + token).status == 404)
        let again = web.post("/people/Alice/share/revoke")
        #expect(again.status == 422 && SharingText.read(again.body).contains("\"Alice\" has no share link; nothing was changed"))
    }

    /// Every form of a person's page needs this session's token and this origin.
    @Test(arguments: ["/people/Alice", "/people/Alice/share", "/people/Alice/share/revoke"])
    func aFormFromElsewhereIsRefused(_ path: String) throws {
        let web = try PeoplePageTests.front()
        try ShareLinks(store: web.signIns).make(for: "Alice", tokenHash: WebTokens.hash(WebTokens.random()!), now: 0)
        #expect(web.post(path, [("email", "evil@example.org")], csrf: .some(nil)).status == 403)
        #expect(web.post(path, [("email", "evil@example.org")], csrf: .some(String(repeating: "0", count: 64))).status == 403)
        #expect(web.post(path, [("email", "evil@example.org")], origin: "http://evil.example").status == 403)
        #expect(try web.store.person(PersonKey("Alice"))?.email == PeoplePageTests.alice && web.signIns.shareLinks().count == 1, "nothing was changed")
        let wrong = web.get(path == "/people/Alice" ? "/people/Alice/share" : path)
        #expect(wrong.status == 405 && wrong.header("Allow") == "POST")
    }
}
