import LoansCore

/// What every page has around its content: its title, where it sits in the navigation, who is
/// signed in (with the CSRF token their forms carry), and a message the last form left.
struct PageChrome {
    var title: String
    var tab: WebTab = .none
    var person: SignedIn?
    var csrf: String?
    var flash: String?
}

/// The frame of every page: an HTML5 document in English and UTF-8 that a phone shows at its
/// own width, the stylesheet and the live script from this server only, a link to skip to the
/// content, the navigation and the search box, the page's `main`, and a footer that says who is
/// signed in with the buttons to undo, redo and sign out. Every form is a plain POST that works
/// without the script.
enum PageLayout {
    static func page(_ chrome: PageChrome, _ content: (inout HTMLWriter) -> Void) -> [UInt8] {
        var html = HTMLWriter()
        html.raw("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        html.titleText(chrome.title)
        html.raw(" — loans</title>\n<link rel=\"stylesheet\" href=\"")
        html.attribute(StaticAssets.stylesheet.path)
        html.raw("\">\n")
        if chrome.person != nil {
            html.raw("<script src=\"")
            html.attribute(StaticAssets.script.path)
            html.raw("\" defer></script>\n")
        }
        html.raw("</head>\n<body>\n<a class=\"skip\" href=\"#main\">Skip to the content</a>\n")
        html.raw("<header class=\"site\"><div class=\"inner\">\n<p class=\"brand\">loans</p>\n")
        if let person = chrome.person { navigation(chrome.tab, writes: person.role == .editor, &html) }
        html.raw("</div></header>\n<main id=\"main\">\n")
        if let flash = chrome.flash {
            html.raw("<p class=\"flash\" role=\"status\">")
            html.text(flash)
            html.raw("</p>\n")
        }
        content(&html)
        html.raw("</main>\n")
        if let person = chrome.person, let csrf = chrome.csrf { footer(person, csrf: csrf, &html) }
        html.raw("</body>\n</html>\n")
        return html.bytes
    }

    /// The pages; "Add a loan" only for someone who `writes` (an editor).
    private static func navigation(_ tab: WebTab, writes: Bool, _ html: inout HTMLWriter) {
        html.raw("<nav aria-label=\"Pages\"><ul>\n")
        let tabs: [(WebTab, StaticString, StaticString)] = [
            (.agenda, "/", "Agenda"), (.open, "/all", "Open loans"), (.returned, "/returned", "Returned"), (.people, "/people", "People"),
            (.add, "/loans/new", "Add a loan"),
        ]
        for (target, path, label) in tabs
        where writes || target != .add {
            html.raw("<li><a href=\"")
            html.raw(path)
            html.raw(tab == target ? "\" aria-current=\"page\">" : "\">")
            html.raw(label)
            html.raw("</a></li>\n")
        }
        html.raw("</ul></nav>\n<form class=\"search\" role=\"search\" method=\"get\" action=\"/search\">")
        html.raw("<label for=\"site-search\">Search</label>")
        html.raw("<input id=\"site-search\" type=\"search\" name=\"q\">")
        html.raw("<button type=\"submit\">Find</button></form>\n")
    }

    private static func footer(_ person: SignedIn, csrf: String, _ html: inout HTMLWriter) {
        html.raw("<footer class=\"site\"><div class=\"inner\">\n<p>Signed in as <strong>")
        html.text(person.name)
        html.raw("</strong> (")
        html.text(person.role.rawValue)
        html.raw(")</p>\n<div class=\"actions\">\n")
        if person.role == .editor {
            form("/undo", "Undo my last change", csrf: csrf, style: "quiet", &html)
            form("/redo", "Redo", csrf: csrf, style: "quiet", &html)
        }
        form("/logout", "Sign out", csrf: csrf, style: "quiet", &html)
        html.raw("</div>\n</div></footer>\n")
    }

    /// A form of one button that posts to `action` with the CSRF token.
    static func form(_ action: String, _ label: String, csrf: String, style: StaticString? = nil, _ html: inout HTMLWriter) {
        html.raw("<form method=\"post\" action=\"")
        html.attribute(action)
        html.raw("\">")
        csrfField(csrf, &html)
        html.raw("<button type=\"submit\"")
        if let style {
            html.raw(" class=\"")
            html.raw(style)
            html.raw("\"")
        }
        html.raw(">")
        html.text(label)
        html.raw("</button></form>\n")
    }

    /// The hidden field every form carries.
    static func csrfField(_ csrf: String, _ html: inout HTMLWriter) {
        html.raw("<input type=\"hidden\" name=\"csrf\" value=\"")
        html.attribute(csrf)
        html.raw("\">")
    }

    /// A page that says what went wrong (a missing loan, a refused request), in words.
    static func problem(_ chrome: PageChrome, heading: String, message: String, back: (String, String)? = ("/", "Back to the agenda")) -> [UInt8] {
        page(chrome) { html in
            html.raw("<h1>")
            html.text(heading)
            html.raw("</h1>\n<p>")
            html.text(message)
            html.raw("</p>\n")
            if let (href, label) = back {
                html.raw("<p><a href=\"")
                html.attribute(href)
                html.raw("\">")
                html.text(label)
                html.raw("</a></p>\n")
            }
        }
    }
}
