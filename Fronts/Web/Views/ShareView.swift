import LoansCore

/// The pages a share link and a private feed show: the person's open loans with the owner,
/// worded for them, with the address of their calendar feed — nothing to press but links, no
/// script — and, once, the address of an account's new calendar feed, as text to select and a
/// link a calendar app opens. The agenda's card offers that feed. Data is escaped for where it
/// lands, and set apart as `bdi`.
enum ShareView {
    /// A share link's page; `path` is the page's own address (`/s/TOKEN`), `base` where the
    /// server is reached, for the feed's `webcal://` address.
    static func content(_ page: SharePage, path: String, base: WebBaseURL, _ html: inout HTMLWriter) {
        html.raw("<h1>Your loans with <bdi>")
        html.text(page.owner)
        html.raw("</bdi></h1>\n")
        if page.lines.isEmpty {
            html.raw("<p class=\"empty\">Nothing is out between you and <bdi>")
            html.text(page.owner)
            html.raw("</bdi> right now.</p>\n")
        } else {
            html.raw("<ul class=\"loans shared\">\n")
            for line in page.lines { row(line, owner: page.owner, &html) }
            html.raw("</ul>\n")
        }
        if page.more {
            html.raw("<p class=\"note\">More is out than this page shows: these are the first ")
            html.raw(trusted: TrustedHTML(SharePresenter.limit))
            html.raw(", the soonest due first.</p>\n")
        }
        html.raw("<section class=\"card\" aria-labelledby=\"calendar-heading\">\n<h2 id=\"calendar-heading\">In your calendar</h2>\n")
        html.raw("<p><a href=\"webcal://")
        html.attribute(base.authority)
        address(path + "/calendar.ics", &html)
        html.raw("\">Subscribe to these due dates</a>, or <a href=\"")
        address(path + "/calendar.ics", &html)
        html.raw("\">download them as a calendar file</a>.</p>\n</section>\n")
    }

    static func row(_ line: ShareLine, owner: String, _ html: inout HTMLWriter) {
        html.raw("<li class=\"loan ")
        html.attribute(line.status.rawValue)
        html.raw("\"><span class=\"loan-title\">")
        html.text(line.opening)
        html.raw("<i><bdi>")
        html.text(line.title)
        html.raw("</bdi></i>")
        html.text(line.joiner)
        html.raw("<bdi>")
        html.text(owner)
        html.raw("</bdi></span> <span class=\"status\">— ")
        html.text(line.due)
        html.raw("</span></li>\n")
    }

    /// The page `POST /feeds` answers with: the account's new feed, shown this once.
    static func feedMade(_ address: String, _ html: inout HTMLWriter) {
        html.raw("<h1>Your private calendar feed</h1>\n")
        html.raw("<p>Subscribe to this address in the calendar of your phone or computer; it needs no sign-in. ")
        html.raw("It is shown this once — the server keeps only a fingerprint of it — so copy it now.</p>\n")
        html.raw("<p class=\"secret\"><code>")
        html.text(address)
        html.raw("</code></p>\n<p><a href=\"")
        html.attribute(address)
        html.raw("\">Open it in your calendar app</a>. An app that asks for an https:// address takes it with https:// in place of webcal://.</p>\n")
        html.raw("<p>Anyone who has the address can read the due dates: making a new one ends this one at once.</p>\n")
        html.raw("<p><a href=\"/\">Back to the agenda</a></p>\n")
    }

    /// The agenda's card: the button that makes the account's private feed (a calendar app
    /// sends no cookie), and the file for this browser.
    static func calendarCard(csrf: String, _ html: inout HTMLWriter) {
        html.raw("<section class=\"card\" aria-labelledby=\"calendar-heading\">\n<h2 id=\"calendar-heading\">Due dates in your calendar</h2>\n")
        html.raw("<p>A phone's calendar cannot sign in, so it subscribes to a private address of your own. ")
        html.raw("Making one ends the one you made before.</p>\n")
        PageLayout.form("/feeds", "Make my private calendar address", csrf: csrf, &html)
        html.raw("<p><a href=\"/calendar.ics\">Download the calendar file</a> (for this browser, signed in).</p>\n</section>\n")
    }

    /// A path of this server whose pieces came from the request, each percent-encoded.
    private static func address(_ path: String, _ html: inout HTMLWriter) {
        for piece in path.split(separator: "/") {
            html.raw("/")
            html.urlPart(String(piece))
        }
    }
}
