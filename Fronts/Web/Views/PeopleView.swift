/// The pages of people: everyone you deal with, one row each — the name as a link to their page,
/// their open loans, the address, the share link and the last reminder in words — and a person's
/// page, their fields and what is between you both ways. The lists sit in the part live updates
/// replace (`data-live`). Names and addresses are data: escaped for where they land, set apart as
/// `bdi`, and percent-encoded as one segment of a path.
enum PeopleView {
    static func list(_ page: PeoplePage, _ html: inout HTMLWriter) {
        html.raw("<h1>People</h1>\n<p class=\"note\">Everyone you lend to or borrow from: each person a contact is kept for, ")
        html.raw("and each name a loan gives, once however it is spelled.</p>\n<div data-live>\n")
        if page.lines.isEmpty {
            html.raw(page.isFirst ? "<p class=\"empty\">No people yet.</p>\n" : "<p class=\"empty\">No more people here.</p>\n")
        } else {
            html.raw("<ul class=\"people\">\n")
            for line in page.lines { row(line, &html) }
            html.raw("</ul>\n")
        }
        if let next = page.next { ListView.more(next, "The next \(PeoplePresenter.pageSize) people", &html) }
        if !page.isFirst { html.raw("<p><a href=\"/people\">Back to the start of the list</a></p>\n") }
        html.raw("</div>\n")
    }

    static func row(_ line: PersonLine, _ html: inout HTMLWriter) {
        html.raw("<li class=\"person\">")
        link(line.name, &html)
        html.raw(" <span class=\"detail\">")
        html.raw(trusted: TrustedHTML(line.openLoans) + (line.openLoans == 1 ? " open loan" : " open loans"))
        html.raw("</span> <span class=\"detail\">")
        if let email = line.email {
            html.raw("<bdi>")
            html.text(email)
            html.raw("</bdi>")
        } else {
            html.raw("no address")
        }
        html.raw("</span>")
        detail(line.sharedSince.map { "share link since " + $0 } ?? "no share link", &html)
        if line.email != nil { detail(line.reminded.map { "last reminded " + $0 } ?? "never reminded", &html) }
        html.raw("</li>\n")
    }

    /// One of a row's details, in the server's own words (with a date the store gave).
    private static func detail(_ words: String, _ html: inout HTMLWriter) {
        html.raw(" <span class=\"detail\">")
        html.text(words)
        html.raw("</span>")
    }

    /// A person's name as a link to their page.
    static func link(_ name: String, _ html: inout HTMLWriter) {
        html.raw("<a href=\"")
        html.attribute(PersonPath.page(name))
        html.raw("\"><bdi>")
        html.text(name)
        html.raw("</bdi></a>")
    }

    /// A person's page; its forms only with a `csrf` token (none for a viewer, who reads only),
    /// the address form showing `sent` (a refused sending, with what was typed).
    static func person(_ page: PersonPage, csrf: String?, sent: FormState?, shared: Bool, _ html: inout HTMLWriter) {
        let name = page.person.name
        html.raw("<h1><bdi>")
        html.text(name)
        html.raw("</bdi></h1>\n<div data-live>\n<dl class=\"fields\">\n")
        for (label, value) in page.fields {
            html.raw("<dt>")
            html.text(label)
            html.raw("</dt><dd><bdi>")
            html.text(value)
            html.raw("</bdi></dd>\n")
        }
        html.raw("</dl>\n")
        if page.open.lines.isEmpty, page.isFirst {
            html.raw("<section aria-labelledby=\"open-heading\">\n<h2 id=\"open-heading\">Open loans</h2>\n<p class=\"empty\">No open loans with <bdi>")
            html.text(name)
            html.raw("</bdi>.</p>\n</section>\n")
        } else {
            ListView.section(page.open, &html)
        }
        if let returned = page.returned {
            ListView.section(returned, &html)
            if let note = page.returnedNote {
                html.raw("<p class=\"note\">")
                html.text(note)
                html.raw("</p>\n")
            }
        }
        if !page.isFirst {
            html.raw("<p><a href=\"")
            html.attribute(PersonPath.page(name))
            html.raw("\">Back to the start of the page</a></p>\n")
        }
        html.raw("</div>\n")
        if let csrf { PersonFormsView.forms(page.person, csrf: csrf, sent: sent, shared: shared, &html) }
    }
}
