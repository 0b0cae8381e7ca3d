import LoansCore
import LoansText

/// Which of a loan page's forms was sent back refused (shown again with the input kept).
enum LoanForm {
    case renew, returnLoan, edit
}

/// A loan's page: its fields, its note, the forms that change it (renew and return while it is
/// out, reopen once it is back, edit, and the way to remove it, which asks first), and its
/// history. The fields and history are the part live updates replace.
enum LoanView {
    /// A loan's page; its forms only with a `csrf` token (none for a viewer, who reads only), its
    /// person field suggesting `names`.
    static func content(_ page: LoanPage, csrf: String?, names: [String] = [], sent: (form: LoanForm, state: FormState)?, _ html: inout HTMLWriter) {
        let loan = page.loan
        let id = TrustedHTML(loan.id.rawValue)
        html.raw("<h1><span class=\"id\">#")
        html.raw(trusted: id)
        html.raw("</span> <bdi>")
        html.text(loan.title)
        html.raw("</bdi></h1>\n<div data-live>\n<p class=\"status ")
        html.attribute(page.item.status.rawValue)
        html.raw("\">")
        html.text(RelativeDay.capitalized(RelativeDay.phrase(page.item)))
        html.raw("</p>\n<dl class=\"fields\">\n")
        for (label, value) in page.fields {
            html.raw("<dt>")
            html.text(label)
            if label == LoanPresenter.counterpartyLabel {
                // The other party's name leads to their page.
                html.raw("</dt><dd>")
                PeopleView.link(value, &html)
                html.raw("</dd>\n")
                continue
            }
            html.raw("</dt><dd><bdi>")
            html.text(value)
            html.raw("</bdi></dd>\n")
        }
        html.raw("<dt>Note</dt><dd")
        if let note = loan.note {
            html.raw(" class=\"note-text\">")
            html.text(note)
        } else {
            html.raw(">none")
        }
        html.raw("</dd>\n</dl>\n</div>\n")
        if let csrf { forms(page, csrf: csrf, names: names, sent: sent, &html) }
        html.raw("<section aria-labelledby=\"history-heading\" data-live>\n<h2 id=\"history-heading\">History</h2>\n")
        if page.history.isEmpty {
            html.raw("<p class=\"empty\">No changes of this loan are recorded.</p>\n")
        } else {
            html.raw("<ol class=\"history\">\n")
            for line in page.history {
                html.raw("<li><time>")
                html.text(line.time)
                html.raw("</time> ")
                html.text(line.what)
                html.raw(" — by <bdi>")
                html.text(line.who)
                html.raw("</bdi></li>\n")
            }
            html.raw("</ol>\n")
            if page.moreHistory {
                html.raw("<p class=\"note\">Older changes are in <a href=\"/api/v1/history?loan=")
                html.raw(trusted: id)
                html.raw("\">the loan's whole history</a> (JSON).</p>\n")
            }
        }
        html.raw("</section>\n")
    }

    private static func forms(_ page: LoanPage, csrf: String, names: [String], sent: (form: LoanForm, state: FormState)?, _ html: inout HTMLWriter) {
        let loan = page.loan
        let base = "/loans/\(loan.id.rawValue)"
        func state(_ form: LoanForm, _ values: [String: String] = [:]) -> FormState {
            if let sent, sent.form == form { return sent.state }
            return FormState(values: values)
        }
        if loan.isOpen {
            let renew = state(.renew)
            FormView.form(base + "/renew", csrf: csrf, label: "Renew", { html in
                html.raw("<h2>Renew</h2>\n<p class=\"hint\">Moves the due date later and counts the renewal. Give a new date, or how much later.</p>\n")
                FormView.problems(renew, prefix: "renew", heading: "The loan was not renewed", &html)
                FormView.text("due", "New due date", renew, prefix: "renew", hint: FormView.dateHint, &html)
                FormView.text("by", "Or later by", renew, prefix: "renew", hint: "+N days, or +Nw, +Nm, +Ny: counted from the current due date.", &html)
                html.raw("<button type=\"submit\">Renew</button>\n")
            }, &html)
            let giveBack = state(.returnLoan)
            FormView.form(base + "/return", csrf: csrf, label: "Mark returned", { html in
                html.raw("<h2>Mark returned</h2>\n")
                FormView.problems(giveBack, prefix: "return", heading: "The loan was not marked returned", &html)
                FormView.text("on", "Returned on", giveBack, prefix: "return", hint: "Empty for today; or " + FormView.dateHint.lowercasedFirst, &html)
                html.raw("<button type=\"submit\">Mark returned</button>\n")
            }, &html)
        } else {
            html.raw("<div class=\"actions\">\n")
            PageLayout.form(base + "/reopen", "Reopen: it is out again", csrf: csrf, &html)
            html.raw("</div>\n")
        }
        let current = [
            "title": loan.title, "direction": loan.direction.rawValue, "counterparty": loan.counterparty, "due": loan.dueOn.iso,
            "lent": loan.lentOn.iso, "note": loan.note ?? "",
        ]
        let edit = state(.edit, current)
        html.raw(sent?.form == .edit ? "<details open>\n" : "<details>\n")
        html.raw("<summary>Edit the loan's fields</summary>\n")
        FormView.form(base + "/edit", csrf: csrf, label: "Edit", { html in
            html.raw("<p class=\"hint\">Corrects the loan; a due date changed here is not a renewal.</p>\n")
            FormView.problems(edit, prefix: "edit", heading: "The loan was not changed", &html)
            FormView.loanFields(edit, prefix: "edit", names: names, &html)
            html.raw("<button type=\"submit\">Save the changes</button>\n")
        }, &html)
        html.raw("</details>\n<p><a href=\"")
        html.attribute(base + "/remove")
        html.raw("\">Remove this loan…</a></p>\n")
    }
}

/// The page that asks before a loan is removed.
enum RemoveView {
    static func content(_ item: LoanStanding, csrf: String, _ html: inout HTMLWriter) {
        let id = TrustedHTML(item.loan.id.rawValue)
        html.raw("<h1>Remove loan #")
        html.raw(trusted: id)
        html.raw("?</h1>\n<p><bdi>")
        html.text(item.loan.title)
        html.raw("</bdi>, ")
        html.text(LoanWording.partyPrefix(item.loan.direction).description)
        html.raw("<bdi>")
        html.text(item.loan.counterparty)
        html.raw("</bdi>. Removing it deletes it for good; its history stays, and Undo brings it back.</p>\n<div class=\"actions\">\n")
        html.raw("<form method=\"post\" action=\"/loans/")
        html.raw(trusted: id)
        html.raw("/remove\">")
        PageLayout.csrfField(csrf, &html)
        html.raw("<button type=\"submit\" class=\"danger\">Remove it</button></form>\n<a href=\"/loans/")
        html.raw(trusted: id)
        html.raw("\">Keep it</a>\n</div>\n")
    }
}

/// The page with the form that adds a loan.
enum AddView {
    static func content(csrf: String, state: FormState, names: [String], _ html: inout HTMLWriter) {
        html.raw("<h1>Add a loan</h1>\n")
        FormView.form("/loans", csrf: csrf, label: "Add a loan", { html in
            FormView.problems(state, prefix: "add", heading: "The loan was not added", &html)
            FormView.loanFields(state, prefix: "add", names: names, &html)
            html.raw("<button type=\"submit\">Add the loan</button>\n")
        }, &html)
    }
}

extension String {
    /// The text with its first letter in lower case (a hint that follows another's words).
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
