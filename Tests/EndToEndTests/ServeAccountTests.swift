import Foundation
import Glibc
import LoansTestSupport
import Testing

/// Accounts as a household uses them, with the real binary: made with `loans account`, signed in
/// on `loans serve` with curl, limited after five failures, API tokens revoked and accounts
/// removed at once — and no password or token in serve's log, in `ps`, in an error or in a
/// document.
@Suite struct ServeAccountTests {
    static let password = "correct-horse-battery-\(UInt32.random(in: 1_000...9_999))"

    /// A seeded store with the editor Quill and the viewer Vi.
    static func household() throws -> BinaryHarness {
        let loans = try ServeEndToEndTests.seeded()
        try loans.must("account", "add", "Quill", "--password-stdin", stdin: password + "\n")
        try loans.must("account", "add", "Vi", "--role", "viewer", "--password-stdin", stdin: password + "\n")
        return loans
    }

    /// `POST /login` with a name and a password, after `GET /login` for the form's token.
    static func signIn(_ serve: ServeProcess, _ name: String, _ password: String) throws -> Reply {
        let page = try serve.curl("/login")
        let csrf = try #require(ServeProcess.csrf(in: page.body), "no form: \(page.body)")
        return try serve.curl("/login", form: ["csrf": csrf, "name": name, "password": password])
    }

    @Test func anAccountSignsInWritesAsItselfAndIsRemovedAtOnce() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        #expect(try loans.must("account", "list") == "Quill\teditor\nVi\tviewer\n")
        let token = try loans.must("account", "token", "vi").trimmingCharacters(in: .whitespacesAndNewlines)
        let serve = try ServeProcess(loans)
        #expect(serve.link == nil, "a store with accounts prints no one-time link")
        #expect(try ServeAccountTests.signIn(serve, "quill", "wrong-password").status == 401)
        let signedIn = try ServeAccountTests.signIn(serve, "quill", ServeAccountTests.password)
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/")
        let cookie = try #require(signedIn.all("Set-Cookie").first { $0.hasPrefix("loans_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/") && !cookie.contains("Secure"))
        let home = try serve.curl("/")
        let csrf = try #require(ServeProcess.csrf(in: home.body), "not signed in: \(home.status)")
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        #expect(try loans.must("history").contains("by Quill@web"))
        // The viewer's token reads the API and writes nothing; revoked, it is 401 at once.
        let bearer = "Authorization: Bearer " + token
        #expect(try serve.curl("/api/v1/agenda", headers: [bearer]).status == 200)
        #expect(try serve.curl("/loans/1/renew", form: ["by": "+1w"], headers: [bearer], origin: .some(nil)).status == 403)
        _ = try loans.must("account", "token", "Vi", "--revoke")
        #expect(try serve.curl("/api/v1/agenda", headers: [bearer]).status == 401)
        // Removing the account ends its live session: the next page is the sign-in page.
        _ = try loans.must("account", "remove", "Quill")
        let after = try serve.curl("/")
        #expect(after.status == 303 && after.header("Location") == "/login")
        let session = try String(contentsOfFile: serve.jar, encoding: .utf8)
        serve.process.stop()
        for line in serve.process.lines {
            #expect(!line.contains(ServeAccountTests.password) && !line.contains("wrong-password") && !line.contains(token), "\(line)")
        }
        #expect(!session.contains("loans_session") || !serve.process.output.contains(session), "the session's token is not logged")
    }

    /// The sixth sign-in within fifteen minutes is 429 with Retry-After, even with the right
    /// password; the limit is in the store, so a second server on it says the same.
    @Test func theSixthSignInIs429EvenWithTheRightPassword() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        for attempt in 1...5 {
            #expect(try ServeAccountTests.signIn(serve, "Quill", "wrong-\(attempt)").status == 401)
        }
        let sixth = try ServeAccountTests.signIn(serve, "Quill", ServeAccountTests.password)
        #expect(sixth.status == 429, "\(sixth.status) \(sixth.body)")
        let retry = try #require(sixth.header("Retry-After").flatMap(Int.init))
        #expect(retry > 800 && retry <= 900)
        let other = try ServeProcess(loans)
        #expect(try ServeAccountTests.signIn(other, "quill", ServeAccountTests.password).status == 429)
        serve.process.stop()
        other.process.stop()
        for line in serve.process.lines + other.process.lines { #expect(!line.contains(ServeAccountTests.password), "\(line)") }
    }

    /// While `loans account add --password-stdin` waits for its password, neither its arguments
    /// (`ps`) nor its environment hold it; a refused password is not repeated in the error.
    @Test func thePasswordIsInNoArgumentEnvironmentOrError() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryHarness.binary)
        process.arguments = ["account", "add", "Kim", "--password-stdin"]
        process.environment = loans.environment
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let secret = "kims-secret-\(UInt32.random(in: 1_000...9_999))"
        input.fileHandleForWriting.write(Data(secret.utf8))  // no newline yet: it is still reading
        let shown = try loans.run("/bin/ps", ["-ww", "-o", "args=", "-p", String(process.processIdentifier)]).out
        let environ = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/environ"))) ?? Data()
        #expect(shown.contains("account add Kim") && !shown.contains(secret), "\(shown)")
        #expect(!String(decoding: environ, as: UTF8.self).contains(secret))
        input.fileHandleForWriting.write(Data("\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        _ = errors.fileHandleForReading.readDataToEndOfFile()
        for refused in ["short1\n", "first-line-secret\nsecond-line-secret\n"] {
            let run = try loans("account", "passwd", "Kim", "--password-stdin", stdin: refused)
            #expect(run.status == 64, "\(run.err)")
            for part in refused.split(separator: "\n") { #expect(!run.err.contains(part) && !run.out.contains(part), "\(run.err)") }
        }
        let unknown = try loans("account", "passwd", "Nobody", "--password-stdin", stdin: "whatever-secret\n")
        #expect(unknown.status == 1 && !unknown.err.contains("whatever-secret"))
        let taken = try loans("account", "add", "KIM", "--password-stdin", stdin: secret + "\n")
        #expect(taken.status == 65 && !taken.err.contains(secret))
        let badName = try loans("account", "add", "K\u{7}m", "--password-stdin", stdin: secret + "\n")
        #expect(badName.status == 64, "\(badName.err)")
    }

    /// `json all --history` — the document a move carries — holds no account, session or token.
    @Test func documentsCarryNoAccountSessionOrToken() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        let token = try loans.must("account", "token", "Quill").trimmingCharacters(in: .whitespacesAndNewlines)
        let serve = try ServeProcess(loans)
        #expect(try ServeAccountTests.signIn(serve, "Quill", ServeAccountTests.password).status == 303)
        serve.process.stop()
        let document = try loans.must("json", "all", "--history")
        for word in ["Quill", "Vi\"", "argon2", token, "viewer", "editor", "session", "api_token"] {
            #expect(!document.contains(word), "\(word) in the document")
        }
        let moved = try BinaryHarness()
        defer { moved.remove() }
        _ = try moved.must("import", "-", stdin: document)
        #expect(try moved.must("account", "list").isEmpty, "an import brings no account")
    }

    /// A password typed at a real terminal (tmux) is not echoed, is asked twice, and the
    /// terminal's modes are as they were afterwards.
    @Test func aPasswordTypedAtTheTerminalIsNotEchoed() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let pane = try TUITmuxPane(loans, command: "loans account add Tty")
        defer { pane.close() }
        _ = try pane.waitFor("password for Tty:")
        try pane.type("typed-secret-1")
        try pane.press("Enter")
        _ = try pane.waitFor("again:")
        try pane.type("typed-secret-1")
        try pane.press("Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.result() == "terminal restored, exit 0")
        #expect(!(try pane.screen()).contains("typed-secret"))
        #expect(try loans.must("account", "list") == "Tty\teditor\n")
    }

    /// libargon2 is loaded by the first password checked, never by the status bar's run.
    @Test func onlyAPasswordLoadsLibArgon2() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        let watch = try Subprocess(BinaryHarness.binary, ["widget", "--watch"], environment: loans.environment)
        defer { watch.stop() }
        #expect(watch.waitForLines(1).count == 1)
        let maps = try loans.run("/bin/cat", ["/proc/\(watch.pid)/maps"]).out
        #expect(maps.contains("/loans") && !maps.contains("libargon2"), "the widget mapped libargon2")
        let serve = try ServeProcess(loans)
        #expect(!(try loans.run("/bin/cat", ["/proc/\(serve.process.pid)/maps"]).out.contains("libargon2")), "serve loads it before a sign-in")
        #expect(try ServeAccountTests.signIn(serve, "Quill", ServeAccountTests.password).status == 303)
        #expect(try loans.run("/bin/cat", ["/proc/\(serve.process.pid)/maps"]).out.contains("libargon2.so.1"))
    }
}
