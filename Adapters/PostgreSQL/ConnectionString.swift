/// Connection details exactly as given — a `postgresql://` URL or libpq's `key=value` words — which
/// go to libpq untouched, and their printable form: the same with every password removed. Messages
/// show only the printable form, and `scrub` masks a password that libpq copied into one of its own.
struct ConnectionString: Sendable, CustomStringConvertible {
    /// What libpq receives.
    let text: String
    /// `text` without its passwords.
    let redacted: String
    /// The passwords in `text`, as written and decoded, longest first.
    private let secrets: [[UInt8]]
    /// `text` is `key=value` words libpq cannot read either, so its messages may quote any part of it.
    private let unreadable: Bool

    init(_ text: String) {
        let bytes = Array(text.utf8)
        self.text = text
        if ConnectionString.isURL(text) {
            let (redacted, secrets) = ConnectionString.redactURL(bytes)
            self.redacted = String(decoding: redacted, as: UTF8.self)
            self.secrets = ConnectionString.sorted(secrets)
            unreadable = false
        } else if !bytes.contains(UInt8(ascii: "=")) {
            // libpq reads a string without `=` as a bare database name.
            redacted = text
            secrets = []
            unreadable = false
        } else if let (redacted, secrets) = ConnectionString.redactWords(bytes) {
            self.redacted = String(decoding: redacted, as: UTF8.self)
            self.secrets = ConnectionString.sorted(secrets)
            unreadable = false
        } else {
            redacted = "(connection details that cannot be read, not shown)"
            secrets = []
            unreadable = true
        }
    }

    var description: String { redacted }

    /// Whether `text` is a PostgreSQL URL, as libpq tells one (the prefix, case-sensitive).
    static func isURL(_ text: String) -> Bool {
        text.utf8.starts(with: "postgresql://".utf8) || text.utf8.starts(with: "postgres://".utf8)
    }

    /// A message of libpq's with the connection string shown redacted and any password masked.
    func scrub(_ message: String) -> String {
        if unreadable { return "libpq cannot read the connection details (not shown, as they may hold a password)" }
        var bytes = ConnectionString.replacing(Array(text.utf8), with: Array(redacted.utf8), in: Array(message.utf8))
        for secret in secrets {
            bytes = ConnectionString.replacing(secret, with: Array("***".utf8), in: bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `scheme://user:password@hosts/db?password=…&…` without the password in the user info (the
    /// last `@` before the query ends it, so an unencoded `@` or `/` in a password is removed
    /// too) and without `password` parameters (names percent-decoded, as libpq decodes them).
    private static func redactURL(_ bytes: [UInt8]) -> (redacted: [UInt8], secrets: [[UInt8]]) {
        let schemeEnd = bytes.firstRange(of: Array("://".utf8))!.upperBound
        var out = Array(bytes[..<schemeEnd])
        var secrets: [[UInt8]] = []
        let query = bytes[schemeEnd...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
        let authorityAndPath = bytes[schemeEnd..<query]
        if let at = authorityAndPath.lastIndex(of: UInt8(ascii: "@")) {
            let userInfo = authorityAndPath[..<at]
            if let colon = userInfo.firstIndex(of: UInt8(ascii: ":")) {
                out += userInfo[..<colon]
                secrets.append(Array(userInfo[(colon + 1)...]))
            } else {
                out += userInfo
            }
            out += authorityAndPath[at...]
        } else {
            out += authorityAndPath
        }
        guard query < bytes.endIndex else { return (out, withDecoded(secrets)) }
        var kept: [ArraySlice<UInt8>] = []
        for parameter in bytes[(query + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            let name = parameter.prefix { $0 != UInt8(ascii: "=") }
            if percentDecoded(name) == Array("password".utf8) {
                secrets.append(Array(parameter.dropFirst(name.count + 1)))
            } else {
                kept.append(parameter)
            }
        }
        if !kept.isEmpty { out += [UInt8(ascii: "?")] + Array(kept.joined(separator: [UInt8(ascii: "&")])) }
        return (out, withDecoded(secrets))
    }

    /// `key=value` words without `password=…`, read as libpq reads them (values optionally in
    /// single quotes, backslash escapes); a `dbname` holding a URL is redacted as a URL. Nil when
    /// the words are malformed.
    private static func redactWords(_ bytes: [UInt8]) -> (redacted: [UInt8], secrets: [[UInt8]])? {
        var kept: [[UInt8]] = []
        var secrets: [[UInt8]] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]) { index += 1 }
            let key = Array(bytes[start..<index])
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            let valueStart = index
            let quoted = index < bytes.count && bytes[index] == UInt8(ascii: "'")
            if quoted { index += 1 }
            var value: [UInt8] = []
            var closed = !quoted
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\"), index < bytes.count {
                    value.append(bytes[index])
                    index += 1
                } else if quoted, byte == UInt8(ascii: "'") {
                    closed = true
                    break
                } else if !quoted, isSpace(byte) {
                    index -= 1
                    break
                } else {
                    value.append(byte)
                }
            }
            guard closed else { return nil }
            let word = Array(bytes[start..<index])
            if key == Array("password".utf8) {
                secrets += [Array(bytes[valueStart..<index]), value]
            } else if key == Array("dbname".utf8), isURL(String(decoding: value, as: UTF8.self)) {
                let (redacted, inner) = redactURL(value)
                kept.append(key + [UInt8(ascii: "=")] + quotedWord(redacted))
                secrets += inner + [Array(bytes[valueStart..<index])]
            } else {
                kept.append(word)
            }
        }
        return (Array(kept.joined(separator: [0x20])), secrets)
    }

    /// A value written so libpq reads it back: in single quotes, `'` and `\` escaped.
    private static func quotedWord(_ value: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "'")]
        for byte in value {
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        return out + [UInt8(ascii: "'")]
    }

    private static func withDecoded(_ secrets: [[UInt8]]) -> [[UInt8]] {
        secrets + secrets.map { percentDecoded($0[...]) }
    }

    private static func sorted(_ secrets: [[UInt8]]) -> [[UInt8]] {
        Array(Set(secrets.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    private static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == UInt8(ascii: "%"), index + 2 < text.endIndex,
               let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(text[index])
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `haystack` with every occurrence of `needle` replaced.
    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in haystack: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return haystack }
        var out: [UInt8] = []
        var index = 0
        while index < haystack.count {
            if haystack[index] == needle[0], haystack[index...].starts(with: needle) {
                out += replacement
                index += needle.count
            } else {
                out.append(haystack[index])
                index += 1
            }
        }
        return out
    }
}
