/// The cookies the web front sets, with the flags each needs: every one `HttpOnly` (no script
/// reads it), `SameSite=Lax` (another site's form does not carry it), `Path=/`, and `Secure`
/// when the page was served over TLS or the base URL is `https` (a proxy does TLS in front).
package enum WebCookies {
    /// The session: a random token of 256 bits, kept by the store only as its hash.
    package static let session = "loans_session"
    /// What the last form did, shown once by the page it led to (Post/Redirect/Get).
    package static let flash = "loans_flash"
    /// The sign-in form's own secret, before there is a session: its CSRF token is derived from it.
    package static let signIn = "loans_signin"

    /// `Set-Cookie` for `name=value`, living `maxAge` seconds.
    package static func set(_ name: String, _ value: String, maxAge: Int64, secure: Bool) -> WebField {
        var text = "\(name)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
        if secure { text += "; Secure" }
        return WebField("Set-Cookie", text)
    }

    /// `Set-Cookie` that removes `name`.
    package static func clear(_ name: String, secure: Bool) -> WebField {
        set(name, "", maxAge: 0, secure: secure)
    }

    /// A flash message as a cookie value: percent-encoded (a cookie value allows no spaces,
    /// commas or semicolons), at most 1 000 bytes of text.
    package static func flashValue(_ message: String) -> String {
        var text = message
        if text.utf8.count > 1000 {
            text = String(decoding: text.utf8.prefix(1000), as: UTF8.self)
        }
        return PercentEncoding.encoded(text)
    }

    /// The message of a flash cookie; nil for a value that is not one.
    package static func flashMessage(_ value: String) -> String? {
        guard let bytes = PercentEncoding.decoded(value), bytes.count <= 3000 else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}

