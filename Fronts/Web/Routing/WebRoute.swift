import LoansCore
import LoansDocument

/// Every address the web front answers, and with which method. The router only names a route;
/// what it shows or changes is the pages' and actions' business.
package enum WebRoute: Equatable, Sendable {
    // Pages (GET).
    case agenda, openLoans, returned, search
    case loan(LoanID)
    case newLoan
    case confirmRemove(LoanID)
    /// Everyone you deal with, and one person by name (the path's segment, decoded).
    case people
    case person(String)
    case signInPage
    // Forms (POST): Post/Redirect/Get.
    case add
    case edit(LoanID), renew(LoanID), returnLoan(LoanID), reopen(LoanID), remove(LoanID)
    case undo, redo
    /// A person's address set or removed, their share link made (and shown once) or revoked.
    case setPerson(String), makeShare(String), revokeShare(String)
    case signIn, signOut
    /// The account's private calendar feed, made anew (`POST /feeds`).
    case makeFeed
    // Addresses whose token is their only key (GET, no sign-in): a share link's page and its
    // feed, an account's private calendar feed. The token as the path gave it, whatever it is.
    case share(String), shareCalendar(String), feed(String)
    // Feeds and machines (GET).
    case calendar
    case api(WebDocument)
    case health
    case events
    case asset(String)

    /// Whether the route changes something: POST only, and only with the session's CSRF token and
    /// a same-origin `Origin` (or `Referer`).
    var changesState: Bool {
        switch self {
        case .add, .edit, .renew, .returnLoan, .reopen, .remove, .undo, .redo, .signIn, .signOut, .makeFeed: true
        case .setPerson, .makeShare, .revokeShare: true
        default: false
        }
    }

    /// Whether the route writes the loans (or shows a form only for that) or what is kept beside
    /// them for the people they name (an address, a share link): an editor's, and a viewer's
    /// `403`. Signing in and out, and one's own calendar feed, are anyone's.
    var writes: Bool {
        switch self {
        case .add, .edit, .renew, .returnLoan, .reopen, .remove, .undo, .redo, .newLoan, .confirmRemove: true
        case .setPerson, .makeShare, .revokeShare: true  // what is kept for a person
        default: false
        }
    }

    /// Whether the route is answered without a session: the sign-in page and form, the
    /// styles and script, the health check, and the addresses whose token is their key.
    var isPublic: Bool {
        switch self {
        case .signInPage, .signIn, .asset, .health, .share, .shareCalendar, .feed: true
        default: false
        }
    }

    /// Whether a missing session is a JSON `401` (a machine asks) rather than a `303` to the
    /// sign-in page (a person looks).
    var isMachine: Bool {
        switch self {
        case .api, .calendar, .events: true
        default: false
        }
    }
}

/// What `/api/v1/NAME` gives: the documents of `loans json`.
package enum WebDocument: Equatable, Sendable {
    case loans(JSONQuery)
    case history
}

/// Maps a method and a path to a route: a path nobody serves is `404`, a known path asked with
/// another method `405` with the methods it takes.
package enum WebRouter {
    package enum Match: Equatable, Sendable {
        case route(WebRoute)
        case notFound
        case methodNotAllowed(allow: String)
    }

    package static func match(method: String, segments: [String]) -> Match {
        let isRead = method == "GET" || method == "HEAD"
        func read(_ route: WebRoute) -> Match { isRead ? .route(route) : .methodNotAllowed(allow: "GET, HEAD") }
        func write(_ route: WebRoute) -> Match { method == "POST" ? .route(route) : .methodNotAllowed(allow: "POST") }
        let path = segments == [""] ? [] : segments
        switch path.count {
        case 0:
            return read(.agenda)
        case 1:
            switch path[0] {
            case "all": return read(.openLoans)
            case "returned": return read(.returned)
            case "search": return read(.search)
            case "people": return read(.people)
            case "loans": return write(.add)
            case "undo": return write(.undo)
            case "redo": return write(.redo)
            case "login": return isRead ? .route(.signInPage) : method == "POST" ? .route(.signIn) : .methodNotAllowed(allow: "GET, HEAD, POST")
            case "logout": return write(.signOut)
            case "calendar.ics": return read(.calendar)
            case "feeds": return write(.makeFeed)
            case "healthz": return read(.health)
            case "events": return read(.events)
            default: return .notFound
            }
        case 2 where path[0] == "static":
            return read(.asset(path[1]))
        case 2 where path[0] == "s":
            return read(.share(path[1]))
        case 3 where path[0] == "s" && path[2] == "calendar.ics":
            return read(.shareCalendar(path[1]))
        case 2 where path[0] == "feeds" && path[1].hasSuffix(".ics"):
            return read(.feed(String(path[1].dropLast(4))))
        case 2 where path[0] == "people":
            return isRead ? .route(.person(path[1])) : method == "POST" ? .route(.setPerson(path[1])) : .methodNotAllowed(allow: "GET, HEAD, POST")
        case 3 where path[0] == "people" && path[2] == "share":
            return write(.makeShare(path[1]))
        case 4 where path[0] == "people" && path[2] == "share" && path[3] == "revoke":
            return write(.revokeShare(path[1]))
        case 2 where path[0] == "loans":
            if path[1] == "new" { return read(.newLoan) }
            guard let id = loanID(path[1]) else { return .notFound }
            return read(.loan(id))
        case 3 where path[0] == "api" && path[1] == "v1":
            if path[2] == "history" { return read(.api(.history)) }
            guard let query = JSONQuery(rawValue: path[2]) else { return .notFound }
            return read(.api(.loans(query)))
        case 3 where path[0] == "loans":
            guard let id = loanID(path[1]) else { return .notFound }
            switch path[2] {
            case "edit": return write(.edit(id))
            case "renew": return write(.renew(id))
            case "return": return write(.returnLoan(id))
            case "reopen": return write(.reopen(id))
            case "remove": return isRead ? .route(.confirmRemove(id)) : method == "POST" ? .route(.remove(id)) : .methodNotAllowed(allow: "GET, HEAD, POST")
            default: return .notFound
            }
        default:
            return .notFound
        }
    }

    /// A loan's id in a path: digits only (no sign, no `#`), at most `LoanID.maximum`.
    static func loanID(_ text: String) -> LoanID? {
        guard !text.isEmpty, text.utf8.count <= 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int64(text), value > 0, value <= LoanID.maximum.rawValue
        else { return nil }
        return LoanID(value)
    }
}
