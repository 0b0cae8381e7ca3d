import LoansCore

/// The forms of a person's page, for an editor: the address kept (set, or removed), and the share
/// link made, made anew or ended; and the page that shows a new share link, once, as text to
/// select (a click selects it whole; no script is needed). Every form posts to the person's own
/// address (`/people/NAME…`, the name percent-encoded) with the session's CSRF token.
enum PersonFormsView {
    static func forms(_ person: PersonStanding, csrf: String, sent: FormState?, shared: Bool, _ html: inout HTMLWriter) {
        let path = PersonPath.page(person.name)
        let state = sent ?? FormState(values: ["email": person.email?.text ?? ""])
        FormView.form(path, csrf: csrf, label: "E-mail address", { html in
            html.raw("<h2>E-mail address</h2>\n")
            FormView.problems(state, prefix: "person", heading: "The address was not kept", &html)
            FormView.text(
                "email", "E-mail address", state, prefix: "person", hint: "The shape local@domain, kept exactly as typed.",
                extra: " inputmode=\"email\" autocomplete=\"off\" autocapitalize=\"none\" spellcheck=\"false\"", &html
            )
            html.raw("<button type=\"submit\">Keep this address</button>\n")
        }, &html)
        if person.email != nil {
            FormView.form(path, csrf: csrf, label: "Remove the address", class: "actions", { html in
                html.raw("<input type=\"hidden\" name=\"no_email\" value=\"1\">\n<button type=\"submit\" class=\"quiet\">Remove the address</button>\n")
            }, &html)
        }
        html.raw("<section class=\"card\" aria-labelledby=\"share-heading\">\n<h2 id=\"share-heading\">Share link</h2>\n<p>A share link shows <bdi>")
        html.text(person.name)
        html.raw("</bdi> their open loans with you, in their words, with no sign-in; nothing can be changed there. ")
        html.raw("Each person has one link: a new one ends the one before at once.</p>\n<div class=\"actions\">\n")
        PageLayout.form(path + "/share", shared ? "Make a new share link" : "Make a share link", csrf: csrf, &html)
        if shared { PageLayout.form(path + "/share/revoke", "End the share link", csrf: csrf, style: "quiet", &html) }
        html.raw("</div>\n</section>\n")
    }

    /// The page `POST /people/NAME/share` answers with: the new link, shown this once.
    static func shareMade(_ person: PersonStanding, link: String, _ html: inout HTMLWriter) {
        html.raw("<h1>A share link for <bdi>")
        html.text(person.name)
        html.raw("</bdi></h1>\n<p>Send this link to <bdi>")
        html.text(person.name)
        html.raw("</bdi>: it shows them their open loans with you, with no sign-in. ")
        html.raw("It is shown this once — the server keeps only a fingerprint of it — so copy it now.</p>\n")
        html.raw("<p class=\"secret\"><code>")
        html.text(link)
        html.raw("</code></p>\n")
        if person.openLoans == 0 {
            html.raw("<p class=\"note\">No open loan is with <bdi>")
            html.text(person.name)
            html.raw("</bdi> yet: the page shows nothing until one is.</p>\n")
        }
        html.raw("<p>Anyone who has the link sees these loans: a new link, or ending this one on the person's page, ends it at once.</p>\n")
        html.raw("<p><a href=\"")
        html.attribute(PersonPath.page(person.name))
        html.raw("\">Back to <bdi>")
        html.text(person.name)
        html.raw("</bdi></a></p>\n")
    }
}
