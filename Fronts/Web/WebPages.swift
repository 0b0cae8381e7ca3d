import LoansCore
import LoansText

/// The pages (GET): the lists, a loan's page, the add form, the question before a removal. A page
/// shows once the message the last form left (its flash cookie, then cleared).
extension WebFront {
    /// The flash cookie this page takes: none for the live script's fetch of the page (its
    /// `X-Loans-Live` header), which may be under way while the browser follows a form's answer
    /// and would otherwise clear the message before the page the form leads to shows it.
    func flash(_ visit: Visit) -> String? {
        visit.request.header("X-Loans-Live") == nil ? visit.request.cookie(WebCookies.flash) : nil
    }

    /// The chrome of a signed-in page, with the flash the last form left.
    func chrome(_ title: String, _ tab: WebTab, _ visit: Visit) -> PageChrome {
        PageChrome(title: title, tab: tab, person: visit.person, csrf: visit.csrf, flash: flash(visit).flatMap(WebCookies.flashMessage))
    }

    /// A page's answer; a flash it showed is cleared.
    func page(_ status: Int, _ bytes: [UInt8], _ visit: Visit) -> WebAnswer {
        var answer = WebAnswer.page(status, bytes)
        if flash(visit) != nil { answer.headers.append(WebCookies.clear(WebCookies.flash, secure: visit.secure)) }
        return answer
    }

    func listPage(_ route: WebRoute, _ visit: Visit) -> WebAnswer {
        let query: PageQuery
        do {
            query = try PageQuery(visit.request.query)
        } catch {
            return .page(400, PageLayout.problem(chrome("Not a page", .none, visit), heading: "Not a page", message: error.message))
        }
        let policy = DuePolicy(today: visit.now.today, window: query.window ?? visit.window)
        // What decides the list: the page, its query as sent, the day and the window.
        let key = "\(route) \(policy.today.iso) \(policy.window.days) " + visit.request.query.map { $0.name + "=" + $0.value }.joined(separator: "&")
        let generation = live.current
        let made: (title: String, markup: TrustedHTML)
        // The page a form led to (it shows the form's flash) is read from the store: with several
        // servers on one database, the change may have been written by another server, whose
        // notice of it may not have reached this one yet. What it reads is kept for the others.
        let afterOwnChange = flash(visit) != nil
        if services.watchesChanges, !afterOwnChange, let kept = pages.list(key, at: generation) {
            made = kept
        } else {
            let presenter = ListPresenter(policy: policy)
            let list: ListPage
            do {
                list = try services.readers.read { store in
                    switch route {
                    case .openLoans: try presenter.openLoans(store, query)
                    case .returned: try presenter.returned(store, query)
                    case .search: try presenter.search(store, query)
                    default: try presenter.agenda(store, query)
                    }
                }
            } catch {
                return unavailable(error, machine: false)
            }
            var html = HTMLWriter(capacity: 64 * 1024)
            ListView.content(list, &html) { html in
                if route == .search { SearchView.form(list.search ?? "", &html) }
            }
            made = (list.title, TrustedHTML.written(by: html))
            if services.watchesChanges { pages.keep(key, at: generation, title: list.title, markup: made.markup) }
        }
        let tab: WebTab = switch route {
        case .openLoans: .open
        case .returned: .returned
        case .search: .search
        default: .agenda
        }
        let bytes = PageLayout.page(chrome(made.title, tab, visit)) { html in
            html.raw(trusted: made.markup)
            // The session's own form, so never among the lists kept for everyone.
            if route == .agenda { ShareView.calendarCard(csrf: visit.csrf, &html) }
        }
        return page(200, bytes, visit)
    }

    func loanPage(_ id: LoanID, _ visit: Visit, sent: (form: LoanForm, state: FormState)? = nil, status: Int = 200) -> WebAnswer {
        let presenter = LoanPresenter(policy: visit.policy, wallTime: services.wallTime)
        let loan: LoanPage
        do {
            loan = try services.readers.read { try presenter.page(id, $0) }
        } catch LoanCommandError.notFound(let id) {
            return missing(id, visit)
        } catch {
            return unavailable(error, machine: false)
        }
        let editor = visit.person.role == .editor
        let names = editor ? suggestedNames() : []
        let bytes = PageLayout.page(chrome("#\(id.rawValue) " + loan.loan.title, .none, visit)) { html in
            LoanView.content(loan, csrf: editor ? visit.csrf : nil, names: names, sent: sent, &html)
        }
        return page(status, bytes, visit)
    }

    func addPage(_ visit: Visit, state: FormState, status: Int) -> WebAnswer {
        var state = state
        if state.refusal == nil, state.values["direction"] == nil { state.values["direction"] = "lent" }
        let names = suggestedNames()
        let bytes = PageLayout.page(chrome("Add a loan", .add, visit)) { html in
            AddView.content(csrf: visit.csrf, state: state, names: names, &html)
        }
        return page(status, bytes, visit)
    }

    func removePage(_ id: LoanID, _ visit: Visit) -> WebAnswer {
        let item: LoanStanding
        do {
            item = try services.readers.read { try LoanLookup(store: $0).show(id, visit.policy) }
        } catch LoanCommandError.notFound(let id) {
            return missing(id, visit)
        } catch {
            return unavailable(error, machine: false)
        }
        let bytes = PageLayout.page(chrome("Remove #\(id.rawValue)", .none, visit)) { html in
            RemoveView.content(item, csrf: visit.csrf, &html)
        }
        return page(200, bytes, visit)
    }

    /// `404` for a loan that does not exist (or no longer does).
    func missing(_ id: LoanID, _ visit: Visit) -> WebAnswer {
        page(404, PageLayout.problem(chrome("No such loan", .none, visit), heading: "No such loan", message: ErrorText.web(.notFound(id)) + "."), visit)
    }
}

/// The search page's own form (the header's search box stays on every page).
enum SearchView {
    static func form(_ text: String, _ html: inout HTMLWriter) {
        html.raw("<form class=\"card\" method=\"get\" action=\"/search\" role=\"search\" aria-label=\"Search the open loans\">\n")
        html.raw("<div class=\"field\"><label for=\"search-q\">Look for a word in the titles, names and notes of the open loans</label>\n")
        html.raw("<input type=\"search\" id=\"search-q\" name=\"q\" value=\"")
        html.attribute(text)
        html.raw("\"></div>\n<button type=\"submit\">Search</button>\n</form>\n")
    }
}
