import LoansCore

/// Signing in with a name and a password, or with a one-time link. `GET /login` shows the form
/// (`GET /login?once=TOKEN` one button); `POST /login` checks the name and password (or spends
/// the link) and starts a session with a new random token — a cookie sent before is never kept:
/// no session fixation. A wrong password and a name without an account get the same answer;
/// after five failures for a name or from an address within fifteen minutes the answer is `429`
/// with `Retry-After`, right password or not. The sign-in form's CSRF token comes from a cookie
/// of its own (`loans_signin`, ten minutes), since there is no session yet.
extension WebFront {
    func signInAnswer(_ route: WebRoute, _ request: WebRequest, now: Now, secure: Bool) -> WebAnswer {
        route == .signIn ? signIn(request, now: now, secure: secure) : signInPage(request, secure: secure, problem: nil, status: 200)
    }

    /// The sign-in page, with a new secret for its form.
    func signInPage(_ request: WebRequest, secure: Bool, problem: String?, status: Int, name: String = "") -> WebAnswer {
        guard let secret = WebTokens.random() else { return .text(503, "The system gives no randomness; no sign-in can be made.") }
        let once = (request.query("once") ?? request.field("once")).flatMap { WebTokens.isWellFormed($0) ? $0 : nil }
        let bytes = PageLayout.page(PageChrome(title: "Sign in")) { html in
            SignInView.content(once: once, name: name, csrf: WebTokens.csrf(forSession: secret), problem: problem, &html)
        }
        var answer = WebAnswer.page(status, bytes)
        answer.headers.append(WebCookies.set(WebCookies.signIn, secret, maxAge: SignIn.linkSeconds, secure: secure))
        return answer
    }

    /// `POST /login` with `name`, `password` and `csrf`, or `once` and `csrf`.
    private func signIn(_ request: WebRequest, now: Now, secure: Bool) -> WebAnswer {
        guard let secret = request.cookie(WebCookies.signIn), WebTokens.isWellFormed(secret),
              let csrf = request.field("csrf"), WebTokens.same(csrf, WebTokens.csrf(forSession: secret))
        else {
            return forbidden("The sign-in form lacks its token (it expired after ten minutes, or came from another site); nothing was changed. Open the sign-in page again.")
        }
        if request.field("once") == nil { return passwordSignIn(request, now: now, secure: secure) }
        guard let once = request.field("once"), WebTokens.isWellFormed(once), let token = WebTokens.random() else {
            return signInPage(request, secure: secure, problem: "This sign-in link is not one loans made.", status: 422)
        }
        let person: SignedIn?
        do {
            person = try SignIn(store: services.signIns).redeem(WebTokens.hash(once), startingSession: WebTokens.hash(token), now: now.utc.secondsSinceEpoch)
        } catch {
            return unavailable(error, machine: false)
        }
        guard person != nil else {
            return signInPage(
                WebRequest(method: request.method, segments: request.segments), secure: secure,
                problem: "This sign-in link was used already or is older than ten minutes. Start loans serve again for a new one.", status: 422
            )
        }
        return signedIn(token, secure: secure)
    }

    /// `POST /login` with a name and a password, checked on the password queue: the request's
    /// thread goes back to serving pages while the hash is made.
    private func passwordSignIn(_ request: WebRequest, now: Now, secure: Bool) -> WebAnswer {
        queued(request, secure: secure) { [self] in checkPassword(request, now: now, secure: secure) }
    }

    /// The sign-in with a name and a password itself, on a thread of the password queue.
    private func checkPassword(_ request: WebRequest, now: Now, secure: Bool) -> WebAnswer {
        let name = request.field("name") ?? ""
        let password = Array((request.field("password") ?? "").utf8)
        guard let token = WebTokens.random() else { return .text(503, "The system gives no randomness; no sign-in can be made.") }
        let outcome: SignIn.Outcome
        do {
            outcome = try SignIn(store: services.signIns).signIn(
                name: name, password: password, client: request.client, startingSession: WebTokens.hash(token), now: now.utc.secondsSinceEpoch,
                passwords: services.passwords
            )
        } catch {
            return unavailable(error, machine: false)
        }
        let form = WebRequest(method: request.method, segments: request.segments)
        switch outcome {
        case .signedIn:
            return signedIn(token, secure: secure)
        case .refused:
            return signInPage(form, secure: secure, problem: "The name or the password is not right.", status: 401, name: name)
        case .limited(let seconds):
            let minutes = (seconds + 59) / 60
            var answer = signInPage(
                form, secure: secure,
                problem: "Too many sign-ins failed for this name or from this address lately. Try again in \(minutes) minute\(minutes == 1 ? "" : "s").",
                status: 429, name: name
            )
            answer.headers.append(WebField("Retry-After", String(seconds)))
            return answer
        }
    }

    /// `303` to the agenda with the new session's cookie (never one sent before).
    private func signedIn(_ token: String, secure: Bool) -> WebAnswer {
        var answer = WebAnswer.seeOther("/")
        answer.headers.append(WebCookies.set(WebCookies.session, token, maxAge: SignIn.idleSeconds, secure: secure))
        answer.headers.append(WebCookies.clear(WebCookies.signIn, secure: secure))
        return answer
    }
}
