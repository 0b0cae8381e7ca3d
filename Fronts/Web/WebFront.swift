import LoansCore
import LoansText

/// The web front: a presenter and views over Core's use cases, like the other fronts, answering
/// one request at a time on any of the server's threads. Its checks (`Routing/WebChecks.swift`)
/// route the request, refuse a state change from another origin, find who is signed in, refuse a
/// viewer's change and a change without the session's CSRF token; then it hands the request to
/// the page, form, document or feed it names. It never sees the HTTP library: the composition
/// root maps requests and answers to its own values.
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
        /// When the session was last noted as used (now, for an API token).
        let lastSeen: Int64

        var policy: DuePolicy { DuePolicy(today: now.today, window: window) }
        let window: DueWindow
        var seconds: Int64 { now.utc.secondsSinceEpoch }
        /// Whether a script asks, with an API token, rather than a browser with its cookie.
        var byToken: Bool {
            if case .token = holder { true } else { false }
        }
    }

    /// What a route that needs a session shows, once every check let the request through.
    func answer(_ route: WebRoute, _ visit: Visit) -> WebAnswer {
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

    /// What a public route (`WebRoute.isPublic`) shows, to anyone: no session is looked for.
    func publicAnswer(_ arrival: Arrival) -> WebAnswer {
        switch arrival.route {
        case .asset(let name): return StaticAssets.answer(name)
        case .health: return health()
        case .share(let token): return sharePage(token)
        case .shareCalendar(let token): return shareCalendar(token)
        case .feed(let token): return privateFeed(token, arrival.request)
        case .signInPage, .signIn: return signInAnswer(arrival.route, arrival.request, now: services.now(), secure: arrival.secure)
        case .agenda, .openLoans, .returned, .search, .loan, .newLoan, .confirmRemove, .people, .person, .setPerson, .makeShare, .revokeShare,
             .add, .edit, .renew, .returnLoan, .reopen, .remove, .undo, .redo, .signOut, .makeFeed, .calendar, .api, .events:
            return .text(500, "The server took a request that needs a session for one that does not.")
        }
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
