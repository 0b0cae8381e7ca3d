/// The header fields every answer carries, the server's own refusals included (the composition
/// root gives them to the server as its common fields): a content security policy that lets a
/// page load only this server's styles and script and be framed by nobody, no guessing of
/// content types, and no referrer sent to another site.
package enum WebHeaders {
    package static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    package static let common: [WebField] = [
        WebField("Content-Security-Policy", contentSecurityPolicy),
        WebField("X-Content-Type-Options", "nosniff"),
        WebField("Referrer-Policy", "same-origin"),
    ]

    /// Besides those, on the addresses whose token is their key (a share link's page and feed, a
    /// private calendar feed) and on the page that shows a new feed's address: no `Referer` to
    /// anyone, even this server (the address is the secret), and no search engine's index.
    package static let privateLink: [WebField] = [
        WebField("Referrer-Policy", "no-referrer"),
        WebField("X-Robots-Tag", "noindex"),
    ]
}
