import LoansCore

/// What `loans widget --watch` prints over time, decided without any I/O so it can be tested:
/// when the answer must be computed again (the first time, when the database files changed,
/// when the civil day rolled over, and after a failure), and which lines to print for it
/// (nothing when the bar would show what it already shows). With `--format i3bar` it speaks
/// the whole i3bar protocol: the header, `[`, then one array per update, each after the
/// first preceded by a comma.
public struct WidgetFeed {
    let style: WidgetStyle
    private var lastLine: String?
    private var lastToday: CivilDate?
    private var lastFailed = false

    public init(style: WidgetStyle) {
        self.style = style
    }

    /// Whether to compute the answer again. `storeChanged` comes from a stat of the database
    /// files; `today` is the civil date now (the clock's, unless `--today` fixed it).
    public mutating func needsAnswer(storeChanged: Bool, today: CivilDate) -> Bool {
        defer { lastToday = today }
        return lastToday == nil || storeChanged || today != lastToday || lastFailed
    }

    /// The lines to print for a fresh answer; none when it would look the same as the last.
    public mutating func lines(for text: WidgetText) -> [String] {
        lastFailed = text.state == .failed
        let line = style.update(text)
        guard line != lastLine else { return [] }
        defer { lastLine = line }
        guard style.format == .i3bar else { return [line] }
        guard lastLine != nil else {
            var header = JSONLine()
            header.add("version", .integer(1))
            return [header.encoded, "[", "[" + line + "]"]
        }
        return [",[" + line + "]"]
    }
}
