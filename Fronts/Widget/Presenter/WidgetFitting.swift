import LoansText

/// Shortens visible text for a bar: to a number of display columns by whole graphemes with `…`
/// (`Truncation`), and to a number of UTF-8 bytes, because a grapheme can carry any number of
/// zero-width combining marks and a bar's line buffer is finite (i3blocks fails at BUFSIZ).
package enum WidgetFitting {
    /// The most UTF-8 bytes of visible text in one field, before escaping, unless a bar needs
    /// less (`WidgetStyle.visibleBytes`); escaping grows it at most sixfold (`'` → `&apos;`).
    package static let maximumBytes = 1024

    static func shorten(_ text: String, columns: Int, bytes: Int = maximumBytes) -> String {
        capped(Truncation.truncate(text, toColumns: columns), bytes: bytes)
    }

    /// Shortens to `bytes` UTF-8 bytes alone, by whole graphemes with `…`: for a tooltip's line,
    /// which no width limits (measuring its width would cost a tooltip's 20 loans for nothing).
    static func capped(_ text: String, bytes: Int = maximumBytes) -> String {
        guard text.utf8.count > bytes else { return text }
        let ellipsis = String(Truncation.ellipsis)
        var size = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text[index].utf8.count
            if size + next > bytes - ellipsis.utf8.count { break }
            size += next
            end = text.index(after: index)
        }
        return String(text[..<end]) + ellipsis
    }
}
