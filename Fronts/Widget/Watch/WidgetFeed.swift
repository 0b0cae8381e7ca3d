import LoansCore

/// What `loans widget --watch` prints over time, decided without any I/O so it can be tested:
/// the lines for each fresh answer, nothing when the bar would show what it already shows.
/// With `--format i3bar` it speaks the whole i3bar protocol: the header, `[`, then one array
/// per update, each after the first preceded by a comma.
package struct WidgetFeed {
    let style: WidgetStyle
    private var lastLine: String?

    package init(style: WidgetStyle) {
        self.style = style
    }

    /// The lines to print for a fresh answer; none when it would look the same as the last.
    package mutating func lines(for text: WidgetText) -> [String] {
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
