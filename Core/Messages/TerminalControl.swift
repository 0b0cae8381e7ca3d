extension Unicode.Scalar {
    /// Whether this scalar can drive a terminal or reorder what it shows: C0 controls (newline,
    /// tab and ESC included), DEL, C1 controls, and the bidi embedding, override and isolate
    /// marks. Messages escape these (`Quoted`); text fronts turn them into spaces.
    public var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
