import LoansCore
import LoansText

/// An HTML document built as UTF-8 bytes, with one escaper per place text lands: element text
/// (`text`), a double-quoted attribute value (`attribute`), and a piece of a URL (`urlPart`,
/// percent-encoded, then safe in an attribute too). Markup is written only from the front's own
/// literals (`raw`) or as `TrustedHTML` (`raw(trusted:)`), which no `String` converts to; data
/// never goes through `raw`, so a title `"><script>…` or `javascript:…` stays text. Control
/// characters in data (C0 but tab and line feed, DEL, C1) become U+FFFD: HTML has no use for them.
package struct HTMLWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 16 * 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Markup from the front's own literals.
    package mutating func raw(_ markup: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }

    /// Markup the front vouches for (a number, a list written before): never data, by its type.
    package mutating func raw(trusted markup: TrustedHTML) {
        bytes.append(contentsOf: markup.bytes)
    }

    /// Data as element text: `&`, `<` and `>` as entities.
    package mutating func text(_ value: String) {
        HTMLWriter.escape(value, quotes: false, into: &bytes)
    }

    /// Data in the document's `<title>`, which the browser shows outside the page (its tab, its
    /// history), where no markup can isolate it: control characters and bidi marks as spaces —
    /// as terminals, bars and calendars show them (`SafeText`) — then as element text.
    package mutating func titleText(_ value: String) {
        text(SafeText.sanitized(value))
    }

    /// Data as a double-quoted attribute value: `&`, `<`, `>`, `"` and `'` as entities.
    package mutating func attribute(_ value: String) {
        HTMLWriter.escape(value, quotes: true, into: &bytes)
    }

    /// Data as one piece of a URL (a path segment or a query value), percent-encoded
    /// (`PercentEncoding`): it can neither end the piece nor start a scheme.
    package mutating func urlPart(_ value: String) {
        bytes.append(contentsOf: PercentEncoding.encoded(value).utf8)
    }

    private static func escape(_ value: String, quotes: Bool, into bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            // Most data needs nothing: copy runs of plain bytes whole.
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let replacement: StaticString?
                var width = 1
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\"") where quotes: replacement = "&quot;"
                case UInt8(ascii: "'") where quotes: replacement = "&#39;"
                case 0x09, 0x0A: replacement = nil
                case 0x00..<0x20, 0x7F: replacement = "\u{FFFD}"
                case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                    replacement = "\u{FFFD}"  // C1 controls, U+0080–U+009F
                    width = 2
                default: replacement = nil
                }
                if let replacement {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: utf8.baseAddress! + start, count: index - start))
                    bytes.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                    index += width
                    start = index
                } else {
                    index += 1
                }
            }
            if start < utf8.count {
                bytes.append(contentsOf: UnsafeBufferPointer(start: utf8.baseAddress! + start, count: utf8.count - start))
            }
        }
    }
}
