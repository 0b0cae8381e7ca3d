/// Shortens text to a number of display columns by whole graphemes, ending in `…`.
package enum Truncation {
    package static let ellipsis: Character = "…"

    /// `text` when it fits in `columns`, else its longest grapheme prefix that fits with `…` after it.
    package static func truncate(_ text: String, toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        if DisplayWidth.of(text) <= columns { return text }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = DisplayWidth.of(text[index])
            if used + width > columns - 1 { break }
            used += width
            end = text.index(after: index)
        }
        return String(text[..<end]) + String(ellipsis)
    }

    /// `text` padded with spaces (or truncated) to exactly `columns` display columns.
    package static func fit(_ text: String, toColumns columns: Int) -> String {
        let shortened = truncate(text, toColumns: columns)
        let width = DisplayWidth.of(shortened)
        return width < columns ? shortened + String(repeating: " ", count: columns - width) : shortened
    }
}
