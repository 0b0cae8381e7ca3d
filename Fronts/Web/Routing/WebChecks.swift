import LoansCore

/// A request routed, before anyone is known: what the first checks read.
struct Arrival {
    let request: WebRequest
    let route: WebRoute
    /// The token of an `Authorization: Bearer TOKEN` header, when the request has one: a
    /// script's, in a header no other site can make a browser send, so it needs neither the same
    /// origin nor a CSRF token; a browser's cookie needs both.
    let bearer: String?
    /// Whether cookies must be `Secure`.
    let secure: Bool
}

/// What a check that learns something says: go on with it, or this answer instead of the route's.
enum CheckResult<Learned> {
    case goOn(Learned)
    case answer(WebAnswer)
}

/// The checks every request passes, as plain as Go's `net/http` middleware: small steps run in
/// order, each a function of the request, its route and what the steps before it learned, that
/// lets the request go on or answers it (and then nothing after it runs). Which step stops a
/// request is for the route's properties to say (`changesState`, `isPublic`, `isMachine`,
/// `writes`), never for a case of its own here:
/// 1. the route: an address nobody serves is `404`, one asked with another method `405`;
/// 2. the origin: a browser's state change must come from a page of this server (`403`);
/// 3. the public routes are answered to anyone, with no session looked for;
/// 4. who asks, by API token or session cookie: a store that does not answer is `503`; nobody
///    is `401` for a script or a machine's route, a `303` to the sign-in page for a person;
/// 5. the role: a viewer asking for a route that `writes` is refused (`403`);
/// 6. the CSRF token: a browser's state change must carry the session's (`403`);
/// then the route runs, and a session noted as used again has its cookie renewed.
extension WebFront {
    package func handle(_ request: WebRequest) -> WebAnswer {
        let arrival: Arrival
        switch routed(request) {
        case .answer(let answer): return answer
        case .goOn(let routed): arrival = routed
        }
        for check in arrivalChecks {
            if let answer = check(arrival) { return answer }
        }
        let visit: Visit
        switch signedIn(arrival) {
        case .answer(let answer): return answer
        case .goOn(let signedIn): visit = signedIn
        }
        for check in visitChecks {
            if let answer = check(arrival.route, visit) { return answer }
        }
        return renewingSession(answer(arrival.route, visit), visit)
    }

    /// The checks before anyone is known, in order (steps 2 and 3).
    private var arrivalChecks: [(Arrival) -> WebAnswer?] { [sameOrigin, publicRoute] }

    /// The checks once it is known who asks, in order (steps 5 and 6).
    private var visitChecks: [(WebRoute, Visit) -> WebAnswer?] { [role, csrfToken] }

    /// Step 1: the route, and what the later steps read of the request.
    private func routed(_ request: WebRequest) -> CheckResult<Arrival> {
        switch WebRouter.match(method: request.method, segments: request.segments) {
        case .notFound:
            return .answer(.text(404, "Nothing is here."))
        case .methodNotAllowed(let allow):
            var answer = WebAnswer.text(405, "This address takes \(allow) only.")
            answer.headers.append(WebField("Allow", allow))
            return .answer(answer)
        case .route(let route):
            let secure = request.isTLS || services.base.isHTTPS
            return .goOn(Arrival(request: request, route: route, bearer: WebFront.bearerToken(request), secure: secure))
        }
    }

    /// Step 2: a browser's state change comes from a page of this server (its `Origin`, or its
    /// `Referer`).
    private func sameOrigin(_ arrival: Arrival) -> WebAnswer? {
        guard arrival.route.changesState, arrival.bearer == nil, !SameOrigin.holds(arrival.request, base: services.base) else { return nil }
        return forbidden("The form did not come from a page of this server (its Origin or Referer names another); nothing was changed.")
    }

    /// Step 3: a route anyone may ask for is answered here.
    private func publicRoute(_ arrival: Arrival) -> WebAnswer? {
        arrival.route.isPublic ? publicAnswer(arrival) : nil
    }

    /// Step 4: who asks — the account of an API token, or the session of the cookie.
    private func signedIn(_ arrival: Arrival) -> CheckResult<Visit> {
        let now = services.now()
        let found: (token: String, session: SessionRecord)?
        do {
            found = try arrival.bearer.map { try bearer($0, now: now) } ?? session(arrival.request, now: now)
        } catch {
            return .answer(unavailable(error, machine: arrival.route.isMachine))
        }
        guard let (token, session) = found else {
            if arrival.bearer != nil { return .answer(json(401, #"{"error":"this API token was revoked or never made"}"#)) }
            if arrival.route.isMachine {
                return .answer(json(401, #"{"error":"sign in first: open /login in a browser, or send Authorization: Bearer TOKEN (loans account token NAME)"}"#))
            }
            return .answer(.seeOther("/login"))
        }
        return .goOn(Visit(
            request: arrival.request, now: now, person: session.person, token: token, csrf: WebTokens.csrf(forSession: token), secure: arrival.secure,
            holder: arrival.bearer == nil ? .session(session.tokenHash) : .token(session.tokenHash), lastSeen: session.lastSeen, window: services.window
        ))
    }

    /// Step 5: a viewer reads only.
    private func role(_ route: WebRoute, _ visit: Visit) -> WebAnswer? {
        guard route.writes, visit.person.role != .editor else { return nil }
        if route.isMachine || visit.byToken { return json(403, #"{"error":"a viewer reads only"}"#) }
        return forbidden("You are signed in as a viewer, who reads only; nothing was changed.")
    }

    /// Step 6: a browser's state change carries the session's CSRF token.
    private func csrfToken(_ route: WebRoute, _ visit: Visit) -> WebAnswer? {
        guard route.changesState, !visit.byToken else { return nil }
        guard let csrf = visit.request.field("csrf"), WebTokens.same(csrf, visit.csrf) else {
            return forbidden("The form lacks this session's token (it was made for another session, or by another site); nothing was changed. Go back, reload the page and send it again.")
        }
        return nil
    }

    /// After the route: a session last noted as used `SignIn.touchSeconds` ago or more was just
    /// noted again, so its cookie lives another thirty days.
    private func renewingSession(_ answer: WebAnswer, _ visit: Visit) -> WebAnswer {
        guard visit.seconds - visit.lastSeen >= SignIn.touchSeconds else { return answer }
        var answer = answer
        answer.headers.append(WebCookies.set(WebCookies.session, visit.token, maxAge: SignIn.idleSeconds, secure: visit.secure))
        return answer
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
}
