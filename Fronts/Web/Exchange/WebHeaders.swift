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
}
