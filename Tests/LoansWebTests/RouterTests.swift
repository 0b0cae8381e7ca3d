import LoansCore
@testable import LoansWeb
import Testing

/// The router names exactly the documented routes, each with its methods; anything else is
/// `404`, a known path with another method `405` with `Allow`.
@Suite struct RouterTests {
    func match(_ method: String, _ path: String) -> WebRouter.Match {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        return WebRouter.match(method: method, segments: segments == [""] ? [] : segments)
    }

    @Test func pagesAndFeedsAreGETs() {
        let pages: [(String, WebRoute)] = [
            ("/", .agenda), ("/all", .openLoans), ("/returned", .returned), ("/search", .search), ("/loans/3", .loan(LoanID(3))),
            ("/loans/new", .newLoan), ("/loans/3/remove", .confirmRemove(LoanID(3))), ("/login", .signInPage),
            ("/calendar.ics", .calendar), ("/healthz", .health), ("/events", .events), ("/static/x.css", .asset("x.css")),
            ("/api/v1/agenda", .api(.loans(.agenda))), ("/api/v1/overdue", .api(.loans(.overdue))),
            ("/api/v1/due-soon", .api(.loans(.dueSoon))), ("/api/v1/all", .api(.loans(.all))), ("/api/v1/history", .api(.history)),
        ]
        for (path, route) in pages {
            #expect(match("GET", path) == .route(route), "\(path)")
            #expect(match("HEAD", path) == .route(route), "\(path)")
            #expect(!route.changesState, "\(path)")
        }
    }

    @Test func formsArePOSTs() {
        let forms: [(String, WebRoute)] = [
            ("/loans", .add), ("/loans/3/edit", .edit(LoanID(3))), ("/loans/3/renew", .renew(LoanID(3))),
            ("/loans/3/return", .returnLoan(LoanID(3))), ("/loans/3/reopen", .reopen(LoanID(3))), ("/loans/3/remove", .remove(LoanID(3))),
            ("/undo", .undo), ("/redo", .redo), ("/login", .signIn), ("/logout", .signOut),
        ]
        for (path, route) in forms {
            #expect(match("POST", path) == .route(route), "\(path)")
            #expect(route.changesState, "\(path)")
        }
        #expect(match("GET", "/loans") == .methodNotAllowed(allow: "POST"))
        #expect(match("GET", "/undo") == .methodNotAllowed(allow: "POST"))
        #expect(match("GET", "/loans/3/renew") == .methodNotAllowed(allow: "POST"))
        #expect(match("DELETE", "/loans/3") == .methodNotAllowed(allow: "GET, HEAD"))
        #expect(match("PUT", "/login") == .methodNotAllowed(allow: "GET, HEAD, POST"))
    }

    @Test func anythingElseIsNotFound() {
        for path in ["/nope", "/loans/0", "/loans/-1", "/loans/1e3", "/loans/%233", "/loans/9007199254740992", "/loans/3/explode", "/api/v1/nope", "/api/v2/agenda", "/static", "/loans/3/renew/x", "//"] {
            #expect(match("GET", path) == .notFound, "\(path)")
        }
        #expect(match("GET", "/loans/9007199254740991") == .route(.loan(LoanID.maximum)))
    }
}
