import LoansCore
import LoansText

/// One header field of a message (RFC 5322), written so that no data can end it, start another
/// field or bring a control character into it: text is ASCII as it is, or else RFC 2047
/// encoded-words (`=?utf-8?B?…?=`, base64 of whole characters); control characters and bidi marks
/// become spaces first (`SafeText`); a long value is folded onto lines that start with a space,
/// none longer than 78 characters. Lines end in LF, as a message handed to sendmail's standard
/// input is written (the sendmail program sends CRLF on the wire).
package struct MailHeader: Hashable, Sendable {
    package let name: String
    /// The value as it goes out: ASCII only, lines joined by LF and a space.
    package let value: String

    /// A field of plain text (a `Subject`).
    package static func text(_ name: String, _ text: String) -> MailHeader {
        MailHeader(name: name, value: MailHeader.fold(MailHeader.words(SafeText.sanitized(text)), after: name.utf8.count + 2))
    }

    /// A field naming a mailbox (`From`, `To`): `Display Name <local@domain>`, the name quoted or
    /// encoded, the address as given (its shape checked before: an address never holds a space,
    /// a control character, `<`, `>` or a quote).
    package static func mailbox(_ name: String, display: String, address: String) -> MailHeader {
        let shown = LoanRules.trim(SafeText.sanitized(display))
        let phrase = shown.isEmpty ? [] : MailHeader.phrase(shown)
        return MailHeader(name: name, value: MailHeader.fold(phrase + ["<\(address)>"], after: name.utf8.count + 2))
    }

    /// A field whose value the program made itself, ASCII already (`Date`, `Message-ID`, the MIME
    /// fields).
    package static func made(_ name: String, _ value: String) -> MailHeader {
        MailHeader(name: name, value: value)
    }

    /// `Name: value` and LF.
    package var line: String {
        "\(name): \(value)\n"
    }

    private init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Text as words to fold: its own words when it is printable ASCII that a reader takes as
    /// written, else encoded-words — also for ASCII holding `=?`, which a reader would decode
    /// as an encoded-word of its own and show as something else.
    static func words(_ text: String) -> [String] {
        if isPlain(text) {
            return text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        return encodedWords(text)
    }

    /// A display name: a quoted string when it is plain printable ASCII short enough for a line
    /// (`"` and `\` escaped), else encoded-words (allowed where a phrase is, and folded).
    static func phrase(_ text: String) -> [String] {
        guard isPlain(text), text.utf8.count <= 60 else { return encodedWords(text) }
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return [quoted + "\""]
    }

    /// Printable ASCII without `=?`.
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) } && !text.contains("=?")
    }

    /// `=?utf-8?B?…?=` words of at most 66 characters (one fits beside `Subject: ` on a line of
    /// 78), each holding whole characters.
    static func encodedWords(_ text: String) -> [String] {
        let room = (66 - "=?utf-8?B??=".count) / 4 * 3  // bytes one word's base64 holds
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > room, !chunk.isEmpty {
                words.append("=?utf-8?B?" + Base64.encoded(chunk) + "?=")
                chunk = []
            }
            chunk += bytes.prefix(room)
        }
        if !chunk.isEmpty { words.append("=?utf-8?B?" + Base64.encoded(chunk) + "?=") }
        return words
    }

    /// Words joined by spaces, a line broken before a word that would take it past 78
    /// characters (the field's name and `: ` count on the first).
    static func fold(_ words: [String], after used: Int) -> String {
        var out = ""
        var length = used
        for word in words {
            if out.isEmpty {
                out = word
                length += word.count
            } else if length + 1 + word.count > 78 {
                out += "\n " + word
                length = 1 + word.count
            } else {
                out += " " + word
                length += 1 + word.count
            }
        }
        return out
    }
}

/// Base64 (RFC 4648) as encoded-words and mail bodies use it.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encoded(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = Int(bytes[index])
            let b = index + 1 < bytes.count ? Int(bytes[index + 1]) : 0
            let c = index + 2 < bytes.count ? Int(bytes[index + 2]) : 0
            out.append(alphabet[a >> 2])
            out.append(alphabet[((a & 0x03) << 4) | (b >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[((b & 0x0F) << 2) | (c >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[c & 0x3F] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
