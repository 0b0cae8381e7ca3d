import LoansCore
import LoansText

/// The web front: a presenter and views over Core's use cases, like the other fronts, answering
/// one request at a time on any of the server's threads. It routes, finds who is signed in,
/// refuses a state change that lacks the session's CSRF token or comes from another origin, and
/// hands the request to the page, form, document or feed it names. It never sees the HTTP
/// library: the composition root maps requests and answers to its own values.
package final class WebFront: Sendable {
    let services: WebServices
    /// The open `/events` streams, told of every change by the composition root.
    package let live = LiveUpdates()
    /// The lists made since the last change, when the store's changes are watched.
    let pages = PageCache()
    /// The names person fields suggest, kept likewise.
    let names = NameSuggestions()

    package init(_ services: WebServices) {
        self.services = services
    }

    /// Everything one request needs once it is known who asks.
    struct Visit {
        let request: WebRequest
        let now: Now
        let person: SignedIn
        /// The session's token (the cookie's value) and the CSRF token derived from it.
        let token: String
        let csrf: String
        /// Whether cookies must be `Secure`.
        let secure: Bool
        /// The credential the request came with, for a stream it opens.
        let holder: StreamHolder

        var policy: DuePolicy { DuePolicy(today: now.today, window: window) }
        let window: DueWindow
        var seconds: Int64 { now.utc.secondsSinceEpoch }
    }

    package func handle(_ request: WebRequest) -> WebAnswer {
        let route: WebRoute
        switch WebRouter.match(method: request.method, segments: request.segments) {
        case .notFound:
            return .text(404, "Nothing is here.")
        case .methodNotAllowed(let allow):
            var answer = WebAnswer.text(405, "This address takes \(allow) only.")
            answer.headers.append(WebField("Allow", allow))
            return answer
        case .route(let found):
            route = found
        }
        let secure = request.isTLS || services.base.isHTTPS
        switch route {
        case .asset(let name): return StaticAssets.answer(name)
        case .health: return health()
        case .share(let token): return sharePage(token)
        case .shareCalendar(let token): return shareCalendar(token)
        case .feed(let token): return privateFeed(token, request)
        default: break
        }
        // A script's API token comes in a header no other site can make a browser send, so it
        // needs neither the same origin nor a CSRF token; a browser's cookie needs both.
        let bearer = WebFront.bearerToken(request)
        if route.changesState, bearer == nil, !SameOrigin.holds(request, base: services.base) {
            return forbidden("The form did not come from a page of this server (its Origin or Referer names another); nothing was changed.")
        }
        let now = services.now()
        if route == .signInPage || route == .signIn {
            return signInAnswer(route, request, now: now, secure: secure)
        }
        let found: (token: String, session: SessionRecord)?
        do {
            found = try bearer.map { try self.bearer($0, now: now) } ?? session(request, now: now)
        } catch {
            return unavailable(error, machine: route.isMachine)
        }
        guard let (token, session) = found else {
            if bearer != nil { return json(401, #"{"error":"this API token was revoked or never made"}"#) }
            if route.isMachine {
                return json(401, #"{"error":"sign in first: open /login in a browser, or send Authorization: Bearer TOKEN (loans account token NAME)"}"#)
            }
            return .seeOther("/login")
        }
        let visit = Visit(
            request: request, now: now, person: session.person, token: token, csrf: WebTokens.csrf(forSession: token), secure: secure,
            holder: bearer == nil ? .session(session.tokenHash) : .token(session.tokenHash), window: services.window
        )
        if route.writes, session.person.role != .editor {
            if route.isMachine || bearer != nil { return json(403, #"{"error":"a viewer reads only"}"#) }
            return forbidden("You are signed in as a viewer, who reads only; nothing was changed.")
        }
        if route.changesState, bearer == nil {
            guard let csrf = request.field("csrf"), WebTokens.same(csrf, visit.csrf) else {
                return forbidden("The form lacks this session's token (it was made for another session, or by another site); nothing was changed. Go back, reload the page and send it again.")
            }
        }
        var answer = answer(route, visit)
        if now.utc.secondsSinceEpoch - session.lastSeen >= SignIn.touchSeconds {
            // The session was just noted as used: its cookie lives another thirty days.
            answer.headers.append(WebCookies.set(WebCookies.session, token, maxAge: SignIn.idleSeconds, secure: secure))
        }
        return answer
    }

    private func answer(_ route: WebRoute, _ visit: Visit) -> WebAnswer {
        switch route {
        case .agenda, .openLoans, .returned, .search: return listPage(route, visit)
        case .loan(let id): return loanPage(id, visit)
        case .newLoan: return addPage(visit, state: FormState(), status: 200)
        case .confirmRemove(let id): return removePage(id, visit)
        case .people: return peoplePage(visit)
        case .person(let name): return personPage(name, visit)
        case .setPerson(let name): return setPerson(name, visit)
        case .makeShare(let name): return makeShare(name, visit)
        case .revokeShare(let name): return revokeShare(name, visit)
        case .add: return add(visit)
        case .edit(let id): return edit(id, visit)
        case .renew(let id): return renew(id, visit)
        case .returnLoan(let id): return returnLoan(id, visit)
        case .reopen(let id): return reopen(id, visit)
        case .remove(let id): return remove(id, visit)
        case .undo: return undo(redo: false, visit)
        case .redo: return undo(redo: true, visit)
        case .signOut: return signOut(visit)
        case .makeFeed: return makeFeed(visit)
        case .calendar: return calendar(visit)
        case .api(let document): return api(document, visit)
        case .events: return events(visit)
        case .signInPage, .signIn, .asset, .health, .share, .shareCalendar, .feed:
            return .text(500, "The server routed a request it had already answered.")
        }
    }

    /// The token of an `Authorization: Bearer TOKEN` header, when the request has one (of any
    /// shape: a malformed one is refused, never taken for no header).
    static func bearerToken(_ request: WebRequest) -> String? {
        guard let value = request.header("Authorization"), value.utf8.count > 7, value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst(7)).trimmingSpaces
    }

    /// The account an API token signs in, as a session of this one request (it sets no cookie).
    private func bearer(_ token: String, now: Now) throws -> (String, SessionRecord)? {
        guard WebTokens.isWellFormed(token) else { return nil }
        let seconds = now.utc.secondsSinceEpoch
        guard let person = try SignIn(store: services.signIns).bearer(WebTokens.hash(token), now: seconds) else { return nil }
        return (token, SessionRecord(tokenHash: WebTokens.hash(token), person: person, startedAt: seconds, lastSeen: seconds))
    }

    /// The session the request's cookie names, if it is on (see `SignIn.session`).
    private func session(_ request: WebRequest, now: Now) throws -> (String, SessionRecord)? {
        guard let token = request.cookie(WebCookies.session), WebTokens.isWellFormed(token) else { return nil }
        guard let session = try SignIn(store: services.signIns).session(WebTokens.hash(token), now: now.utc.secondsSinceEpoch) else { return nil }
        return (token, session)
    }

    /// `403`, nothing written.
    func forbidden(_ message: String) -> WebAnswer {
        .page(403, PageLayout.problem(PageChrome(title: "Refused"), heading: "Refused", message: message))
    }

    /// `503`: the store did not answer.
    func unavailable(_ error: any Error, machine: Bool) -> WebAnswer {
        let message = "The loans cannot be read or written right now: \(WebFront.words(error))"
        if machine { return json(503, "{\"error\":" + JSONTokens.string(message) + "}") }
        var answer = WebAnswer.page(503, PageLayout.problem(PageChrome(title: "Unavailable"), heading: "Unavailable", message: message, back: nil))
        answer.headers.append(WebField("Retry-After", "5"))
        return answer
    }

    /// A failure in words (a store's own message, without a trace).
    static func words(_ error: any Error) -> String {
        switch error {
        case let error as StoreError: error.message
        case let error as LoanCommandError: ErrorText.web(error)
        default: "\(error)"
        }
    }

    func json(_ status: Int, _ text: String) -> WebAnswer {
        WebAnswer(
            status: status, headers: [WebField("Content-Type", "application/json"), WebField("Cache-Control", "no-store")],
            body: .bytes(Array((text + "\n").utf8))
        )
    }

    /// `/healthz`: `200 ok` when the store answers, `503` when it does not (no session needed, and
    /// nothing about the loans is said).
    private func health() -> WebAnswer {
        do {
            _ = try services.readers.read { try AgendaQuery(store: $0).summary(DuePolicy(today: services.now().today, window: services.window)) }
            return .text(200, "ok")
        } catch {
            return .text(503, "unavailable")
        }
    }
}

extension JSONTokens {
    /// A JSON string literal of `text`.
    static func string(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONTokens.string(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
