import LoansCore
import LoansTestSupport
@testable import LoansWeb
import Testing

/// A sign-in's password is checked on the password queue, its answer given later; when the queue
/// is full the sign-in is turned away unchecked: `503`, `Retry-After`, the page saying why.
@Suite struct PasswordQueueTests {
    @Test func aSignInIsAnsweredFromTheQueue() throws {
        let web = try AccountTests.front()
        _ = web.get("/login")
        let secret = web.cookies[WebCookies.signIn] ?? ""
        let answer = web.front.handle(WebRequest(
            method: "POST", segments: ["login"], headers: [WebField("Host", "127.0.0.1:8742"), WebField("Origin", "http://127.0.0.1:8742")],
            cookies: [WebField(WebCookies.signIn, secret)],
            form: [WebField("name", "Sam"), WebField("password", "correct horse"), WebField("csrf", WebTokens.csrf(forSession: secret))], client: "127.0.0.1"
        ))
        guard case .later = answer.body else {
            Issue.record("a password sign-in was answered on the request's thread: \(answer.status)")
            return
        }
        #expect(TestFront.Answer(answer).status == 303)
    }

    @Test func aFullQueueTurnsTheSignInAwayUnchecked() throws {
        let checks = InlineChecks(full: true)
        let web = TestFront(loans: AccountTests.loans, checks: checks)
        try Accounts(store: web.signIns, passwords: TestFront.passwords).add("Sam", role: .editor, password: Array("correct horse".utf8), now: AccountTests.now)
        for _ in 1...6 {
            let answer = AccountTests.signIn(web, "Sam", "wrong horse")
            #expect(answer.status == 503 && answer.header("Retry-After") == "1", "\(answer.status)")
            #expect(answer.body.contains("Too many sign-ins are being checked right now"), "\(answer.body)")
            #expect(answer.body.contains("value=\"Sam\""), "the name typed is kept")
        }
        // None of the six counted as a failure: with room in the queue, the right password signs in.
        checks.full = false
        #expect(AccountTests.signIn(web, "Sam", "correct horse").status == 303)
    }
}
