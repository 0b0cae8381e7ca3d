import Foundation
import Testing

/// The injection table through the built binary and a real database, in every format: the
/// output keeps its exact shape, carries no control character, JSON parses, Pango text holds
/// no raw `<`, and polybar holds no `%{` but its own tags. (What tmux makes of it is read back
/// from a real tmux in WidgetTmuxTests.)
@Suite struct WidgetInjectionEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// `FILE` stands for a path in the test's folder that must never be created.
    static let titles = [
        "#{host}", "#S", "#[fg=red]", "#(touch FILE)", "trailing #", "<b>&", "%{A1:touch FILE:}x%{A}",
        "\u{1B}[31mred\u{1B}]0;title\u{07}", "two\nlines\r\n", "#{pane_current_path} #(touch FILE) %{A1:touch FILE:}",
        "\"},{\"full_text\":\"pwned", "\u{9B}31m C1 \u{202E}bidi",
    ]

    static let formats = ["plain", "tmux", "i3blocks", "i3bar", "waybar", "i3status-rust", "polybar"]

    @Test(arguments: titles)
    func noTitleHasAnyEffectInAnyFormat(_ template: String) throws {
        defer { loans.remove() }
        let file = loans.folder + "/pwned"
        let title = template.replacingOccurrences(of: "FILE", with: file)
        let added = try loans("add", "--to", "<i>Mallory</i> #S %{F#f00}", "--due", "yesterday", "--lent", "2026-11-01", "--", title)
        #expect(added.status == 0, "\(added.err)")
        for format in WidgetInjectionEndToEndTests.formats {
            for extra in format == "i3bar" || format == "i3blocks" ? [[], ["--pango"]] : [[]] {
                let result = try loans.run(BinaryHarness.binary, ["widget", "--format", format, "--max-width", "200"] + extra)
                #expect(result.status == (format == "i3blocks" ? 33 : 0))
                #expect(result.err.isEmpty)
                try check(result.out, format: format, pango: !extra.isEmpty || format == "waybar" || format == "i3status-rust")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    func check(_ out: String, format: String, pango: Bool) throws {
        #expect(!out.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == (format == "i3blocks" ? 3 : 1), "\(format): \(out)")
        let line = try #require(lines.first)
        switch format {
        case "i3bar", "waybar", "i3status-rust":
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let texts = ["full_text", "short_text", "text", "tooltip"].compactMap { object[$0] as? String }
            #expect(!texts.isEmpty)
            if pango { #expect(texts.allSatisfy { !$0.unicodeScalars.contains("<") }) }
        case "i3blocks":
            if pango { #expect(!lines[0].unicodeScalars.contains("<")) }
        case "polybar":
            // Polybar reads loans' empty offset `%{O0}` (which breaks a data `%{`) as a tag of its
            // own: what remains beside it must hold no other `%{`.
            let body = line.replacingOccurrences(of: "%{F#FF5555}", with: "").replacingOccurrences(of: "%{F-}", with: "")
                .replacingOccurrences(of: "%{O0}", with: " ")
            let bytes = Array(body.utf8)
            #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "%") && $1 == UInt8(ascii: "{") }, "\(line)")
        default:
            break
        }
    }
}
