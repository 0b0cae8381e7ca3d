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
        return HTMLWriter.percentEncoded(text)
    }

    /// The message of a flash cookie; nil for a value that is not one.
    package static func flashMessage(_ value: String) -> String? {
        guard let bytes = PercentDecoding.bytes(value), bytes.count <= 3000 else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// `%XX` back to bytes; nil when a `%` is not followed by two hex digits.
package enum PercentDecoding {
    package static func bytes(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = digit(utf8[index + 1]), let low = digit(utf8[index + 2]) else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(utf8[index])
                index += 1
            }
        }
        return out
    }
}
