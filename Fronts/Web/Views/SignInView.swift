/// The sign-in page. With a one-time link's token (`/login?once=…`) it shows one button that
/// signs the machine's owner in — a POST, so that a program that merely fetches the link (a
/// link preview, a prefetch) spends nothing; without one it asks for a name and a password (the
/// name typed before kept, the password never shown again), and says where a link comes from.
enum SignInView {
    static func content(once: String?, name: String, csrf: String, problem: String?, _ html: inout HTMLWriter) {
        html.raw("<h1>Sign in</h1>\n")
        if let problem {
            html.raw("<div class=\"problems\" role=\"alert\"><p>")
            html.text(problem)
            html.raw("</p></div>\n")
        }
        guard let once else {
            html.raw("<form class=\"card\" method=\"post\" action=\"/login\" aria-label=\"Sign in\">\n")
            PageLayout.csrfField(csrf, &html)
            html.raw("<div class=\"field\">\n<label for=\"signin-name\">Name</label>\n<input id=\"signin-name\" name=\"name\" type=\"text\" autocomplete=\"username\" required value=\"")
            html.attribute(name)
            html.raw("\">\n</div>\n<div class=\"field\">\n<label for=\"signin-password\">Password</label>\n<input id=\"signin-password\" name=\"password\" type=\"password\" autocomplete=\"current-password\" required>\n</div>\n")
            html.raw("<button type=\"submit\">Sign in</button>\n</form>\n")
            html.raw("<p>Accounts are made with <code>loans account add NAME</code>. Before there is one, <code>loans serve</code> prints a sign-in link for the owner of the machine it runs on, that works once within 10 minutes.</p>\n")
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
