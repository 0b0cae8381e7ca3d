import Glibc

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

    /// Whether `text` names a PostgreSQL database: a URL, or libpq's keyword form
    /// (`ConnectionKeywords.claims`).
    static func isServerLocation(_ text: String) -> Bool {
        isURL(text) || ConnectionKeywords.claims(text)
    }

    /// Whether `text` names a PostgreSQL database and carries a password in it (in a URL's user
    /// information, a `password` parameter or a `password=` word).
    static func holdsPassword(_ text: String) -> Bool {
        guard isServerLocation(text) else { return false }
        let bytes = Array(text.utf8)
        return passwordRanges(in: bytes, from: 0).map { !$0.isEmpty } ?? true
    }

    /// Overwrites, with `*`, each password held in C memory — `argument` is a URL or keyword words,
    /// or an option and its value (`--db=postgresql://…`) — so that the process's own argument
    /// list (what `ps` shows) no longer holds it. Words libpq could not read are masked whole;
    /// other arguments are left as they are.
    static func maskPasswords(in argument: UnsafeMutablePointer<CChar>) {
        let length = strlen(argument)
        let bytes = UnsafeMutableRawPointer(argument).bindMemory(to: UInt8.self, capacity: length)
        let text = Array(UnsafeBufferPointer(start: bytes, count: length))
        guard let start = [0, (text.firstIndex(of: UInt8(ascii: "=")) ?? -2) + 1].first(where: {
            $0 >= 0 && isServerLocation(String(decoding: text[$0...], as: UTF8.self))
        }) else { return }
        let ranges = passwordRanges(in: text, from: start) ?? [start..<text.count]
        for range in ranges {
            for index in range { bytes[index] = UInt8(ascii: "*") }
        }
    }

    /// Where the passwords stand in the location that begins at `start`; nil for keyword words
    /// libpq could not read (which may hold one anywhere).
    private static func passwordRanges(in text: [UInt8], from start: Int) -> [Range<Int>]? {
        let location = Array(text[start...])
        if isURL(String(decoding: location, as: UTF8.self)) {
            let parts = URLParts(location)
            return ([parts.password].compactMap { $0 } + parts.parameters.compactMap(\.password)).map { ($0.lowerBound + start)..<($0.upperBound + start) }
        }
        guard let words = ConnectionKeywords(location) else { return nil }
        var ranges: [Range<Int>] = []
        for word in words.words {
            if word.isPassword {
                ranges.append((word.written.lowerBound + start)..<(word.written.upperBound + start))
            } else if word.key == Array("dbname".utf8), isURL(String(decoding: word.value, as: UTF8.self)) {
                // A URL inside a word: masked whole where escapes or quotes move its bytes.
                guard Array(location[word.written]) == word.value else {
                    ranges.append((word.written.lowerBound + start)..<(word.written.upperBound + start))
                    continue
                }
                let parts = URLParts(word.value)
                let offset = word.written.lowerBound + start
                ranges += ([parts.password].compactMap { $0 } + parts.parameters.compactMap(\.password)).map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
            }
        }
        return ranges
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
        let parts = URLParts(bytes)
        var out = Array(bytes[..<parts.schemeEnd])
        var secrets: [[UInt8]] = []
        if let password = parts.password {
            out += bytes[parts.schemeEnd..<(password.lowerBound - 1)]
            secrets.append(Array(bytes[password]))
            out += bytes[password.upperBound..<parts.query]
        } else {
            out += bytes[parts.schemeEnd..<parts.query]
        }
        guard parts.query < bytes.endIndex else { return (out, withDecoded(secrets)) }
        var kept: [ArraySlice<UInt8>] = []
        for parameter in parts.parameters {
            if let value = parameter.password {
                secrets.append(Array(bytes[value]))
            } else {
                kept.append(bytes[parameter.whole])
            }
        }
        if !kept.isEmpty { out += [UInt8(ascii: "?")] + Array(kept.joined(separator: [UInt8(ascii: "&")])) }
        return (out, withDecoded(secrets))
    }

    /// Where a URL's pieces are: the scheme's end, the user info's password, the query and each
    /// parameter (with its value when it is a password).
    private struct URLParts {
        let schemeEnd: Int
        /// Where the query's `?` stands (the end when there is none).
        let query: Int
        let password: Range<Int>?
        let parameters: [(whole: Range<Int>, password: Range<Int>?)]

        init(_ bytes: [UInt8]) {
            let schemeEnd = bytes.firstRange(of: Array("://".utf8))!.upperBound
            let query = bytes[schemeEnd...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
            password = bytes[schemeEnd..<query].lastIndex(of: UInt8(ascii: "@")).flatMap { at in
                bytes[schemeEnd..<at].firstIndex(of: UInt8(ascii: ":")).map { ($0 + 1)..<at }
            }
            self.schemeEnd = schemeEnd
            self.query = query
            var parameters: [(Range<Int>, Range<Int>?)] = []
            var start = query + 1
            while start <= bytes.endIndex, query < bytes.endIndex {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
                let name = bytes[start..<end].prefix { $0 != UInt8(ascii: "=") }
                let isPassword = ConnectionString.percentDecoded(name) == Array("password".utf8)
                parameters.append((start..<end, isPassword ? min(name.endIndex + 1, end)..<end : nil))
                start = end + 1
            }
            self.parameters = parameters
        }
    }

    /// `key=value` words without `password=…`, read as libpq reads them (`ConnectionKeywords`); a
    /// `dbname` holding a URL is redacted as a URL. Nil when the words are malformed.
    private static func redactWords(_ bytes: [UInt8]) -> (redacted: [UInt8], secrets: [[UInt8]])? {
        guard let words = ConnectionKeywords(bytes) else { return nil }
        var kept: [[UInt8]] = []
        var secrets: [[UInt8]] = []
        for word in words.words {
            if word.isPassword {
                secrets += [Array(bytes[word.written]), word.value]
            } else if word.key == Array("dbname".utf8), isURL(String(decoding: word.value, as: UTF8.self)) {
                let (redacted, inner) = redactURL(word.value)
                kept.append(word.key + [UInt8(ascii: "=")] + quotedWord(redacted))
                secrets += inner + [Array(bytes[word.written])]
            } else {
                kept.append(Array(bytes[word.whole]))
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

    fileprivate static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8] {
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
