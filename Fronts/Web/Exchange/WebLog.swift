/// What the request log may show of a path: a segment that may hold a token — 32 characters or
/// more in a row from a token's alphabet (hex, base64url: `A-Z a-z 0-9 - _`), as sent or once its
/// percent-escapes are decoded, however many times they were applied — is shown as `[redacted]`,
/// so a secret carried in a path (a session's, a link's, a share's token, or another system's)
/// never reaches a log, whatever its spelling. Query strings never do (the server leaves them
/// out). The decoding is the front's own (`PercentEncoding.decodedOnce`), as lenient as the
/// HTTP server's: a `%` that starts no escape stays as it is.
package enum WebLog {
    /// The shortest run of a token's characters that is taken for one.
    static let tokenRun = 32

    package static func shown(path: String) -> String {
        guard path.utf8.count >= tokenRun else { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { mayHoldToken(String($0)) ? "[redacted]" : String($0) }
            .joined(separator: "/")
    }

    /// Whether the segment, or any decoding of it, holds a run of a token's characters.
    private static func mayHoldToken(_ segment: String) -> Bool {
        var text = segment
        while true {
            if holdsRun(text) { return true }
            let decoded = PercentEncoding.decodedOnce(text)
            if decoded == text { return false }
            text = decoded
        }
    }

    private static func holdsRun(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            let inAlphabet = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
            run = inAlphabet ? run + 1 : 0
            if run >= tokenRun { return true }
        }
        return false
    }
}
