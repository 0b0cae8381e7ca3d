import LoansCore

/// A page of loans: each group a section under its heading and count, one row per loan — its
/// id and title as a link to its page, the other party, and the status in words (the row's
/// colour only repeats them) — then the link to the group's next page. The groups sit in the
/// part of the page that live updates replace (`data-live`). Every text from data is escaped
/// for where it lands, and set apart as `bdi` so a title written right to left cannot reorder
/// the words around it.
enum ListView {
    static func content(_ page: ListPage, _ html: inout HTMLWriter, before: (inout HTMLWriter) -> Void = { _ in }) {
        html.raw("<h1>")
        html.text(page.title)
        html.raw("</h1>\n")
        before(&html)
        html.raw("<div data-live>\n")
        if let note = page.note {
            html.raw("<p class=\"note\">")
            html.text(note)
            html.raw("</p>\n")
        }
        if page.groups.isEmpty {
            html.raw("<p class=\"empty\">")
            html.text(page.empty)
            html.raw("</p>\n")
        }
        for group in page.groups { section(group, &html) }
        if let (href, label) = page.start {
            html.raw("<p><a href=\"")
            html.attribute(href)
            html.raw("\">")
            html.text(label)
            html.raw("</a></p>\n")
        }
        html.raw("</div>\n")
    }

    static func section(_ group: LoanGroup, _ html: inout HTMLWriter) {
        html.raw("<section aria-labelledby=\"")
        html.attribute(group.anchor)
        html.raw("-heading\">\n<h2 id=\"")
        html.attribute(group.anchor)
        html.raw("-heading\">")
        html.text(group.heading)
        if let count = group.count {
            html.raw(" <span class=\"count\">(")
            html.text(count)
            html.raw(")</span>")
        }
        html.raw("</h2>\n")
        if group.lines.isEmpty {
            html.raw("<p class=\"empty\">None.</p>\n")
        } else {
            html.raw("<ul class=\"loans\">\n")
            for line in group.lines { row(line, &html) }
            html.raw("</ul>\n")
        }
        if let next = group.next { more(next, group.nextLabel, &html) }
        html.raw("</section>\n")
    }

    /// The link to a list's next page.
    static func more(_ next: String, _ label: String, _ html: inout HTMLWriter) {
        html.raw("<p class=\"more\"><a href=\"")
        html.attribute(next)
        html.raw("\">")
        html.text(label)
        html.raw("</a></p>\n")
    }

    static func row(_ line: LoanLine, _ html: inout HTMLWriter) {
        let id = TrustedHTML(line.id.rawValue)
        html.raw("<li class=\"loan ")
        html.attribute(line.status.rawValue)
        html.raw("\"><span class=\"loan-title\"><a href=\"/loans/")
        html.raw(trusted: id)
        html.raw("\"><span class=\"id\">#")
        html.raw(trusted: id)
        html.raw("</span> <bdi>")
        html.text(line.title)
        html.raw("</bdi></a></span> <span class=\"party\">")
        html.text(line.partyPrefix)
        PeopleView.link(line.counterparty, &html)
        html.raw("</span> <span class=\"status\">")
        html.text(line.phrase)
        html.raw("</span></li>\n")
    }
}
