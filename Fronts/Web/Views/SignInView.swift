/// The sign-in page. With a one-time link's token (`/login?once=…`) it shows one button that
/// signs the machine's owner in — a POST, so that a program that merely fetches the link (a
/// link preview, a prefetch) spends nothing; without one it says where a link comes from.
enum SignInView {
    static func content(once: String?, csrf: String, problem: String?, _ html: inout HTMLWriter) {
        html.raw("<h1>Sign in</h1>\n")
        if let problem {
            html.raw("<div class=\"problems\" role=\"alert\"><p>")
            html.text(problem)
            html.raw("</p></div>\n")
        }
        guard let once else {
            html.raw("<p>Open the sign-in link that <code>loans serve</code> printed when it started: it signs in the owner of the machine it runs on, once, within 10 minutes. Start <code>loans serve</code> again for a new link.</p>\n")
            return
        }
        html.raw("<form class=\"card\" method=\"post\" action=\"/login\" aria-label=\"Sign in\">\n")
        PageLayout.csrfField(csrf, &html)
        html.raw("<input type=\"hidden\" name=\"once\" value=\"")
        html.attribute(once)
        html.raw("\">\n<p>This link signs in the owner of the machine <code>loans serve</code> runs on, as an editor. It works once.</p>\n")
        html.raw("<button type=\"submit\">Sign in</button>\n</form>\n")
    }
}
