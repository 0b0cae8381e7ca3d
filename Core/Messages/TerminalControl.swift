extension Unicode.Scalar {
    /// Whether this scalar can drive a terminal or reorder what it shows: C0 controls (newline,
    /// tab and ESC included), DEL, C1 controls, the line and paragraph separators (U+2028,
    /// U+2029: line breaks to Pango and many terminals), and the bidi embedding, override and
    /// isolate marks. The one list: messages escape these (`Quoted`); every front that shows text
    /// (text, TUI, each widget format) turns them into spaces.
    package var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
