/// Makes data show literally in a tmux status line. tmux (3.2+) format-expands the output of
/// `#()` again, so `#{host}`, `#S`, `#[fg=red]` and `##` from data would expand or restyle.
/// Checked on tmux 3.3a in a real status line (Tests/EndToEndTests/WidgetTmuxTests.swift):
/// a run of k `#` followed by `[` must become 2k `#`, any other run 4k `#`. A run that ends the
/// text counts as followed by `[` when loans' own `#[…]` style tag comes right after it.
enum TmuxEscaping {
    static func escape(_ text: String, followedByTag: Bool) -> String {
        guard text.utf8.contains(UInt8(ascii: "#")) else { return text }
        var out = String.UnicodeScalarView()
        var run = 0
        func emitRun(beforeBracket: Bool) {
            out.append(contentsOf: repeatElement("#", count: run * (beforeBracket ? 2 : 4)))
            run = 0
        }
        for scalar in text.unicodeScalars {
            if scalar == "#" {
                run += 1
                continue
            }
            if run > 0 { emitRun(beforeBracket: scalar == "[") }
            out.append(scalar)
        }
        if run > 0 { emitRun(beforeBracket: followedByTag) }
        return String(out)
    }
}
