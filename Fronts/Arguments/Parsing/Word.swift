import LoansSystem

/// One word of the command line (or one value of the environment) exactly as the bytes given:
/// Swift's own `CommandLine.arguments` would replace invalid UTF-8 with U+FFFD, and a path or a
/// title must never change on its way in.
package struct Word: Hashable {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The word as text, when it is valid UTF-8.
    package var text: String? { String(validating: bytes, as: UTF8.self) }

    /// The word for a message: valid UTF-8 as is, other bytes as `\xNN` (wrap it in `Quoted`).
    package var shown: String { SystemPath(bytes: bytes)?.description ?? "" }

    /// Whether the word starts with `prefix`.
    package func hasPrefix(_ prefix: String) -> Bool {
        bytes.starts(with: prefix.utf8)
    }

    /// An option word in two halves at its first `=` (`--due=+3d`); nil for other words.
    package var inlineValue: (name: Word, value: Word)? {
        guard hasPrefix("--"), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        return (Word(Array(bytes[..<equals])), Word(Array(bytes[(equals + 1)...])))
    }
}
