import Foundation
import LoansTestSupport
import Testing

/// The injection table through the built binary and a real database, in every format, each
/// read back the way its bar reads it: the line must show exactly what `plain` shows (control
/// characters as spaces, everything else literally), in the format's exact shape. Pango text
/// is read by Pango itself and must come out unstyled; tmux and polybar lines by models of
/// their parsers (the tmux one is checked against a real tmux in WidgetTmuxTests).
@Suite struct WidgetInjectionEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// `FILE` stands for a path in the test's folder that must never be created.
    static let titles = [
        "#{host}", "#S", "#[fg=red]", "#(touch FILE)", "trailing #", "<b>&", "%{A1:touch FILE:}x%{A}",
        "\u{1B}[31mred\u{1B}]0;title\u{07}", "two\nlines\r\n", "#{pane_current_path} #(touch FILE) %{A1:touch FILE:}",
        "\"},{\"full_text\":\"pwned", "\u{9B}31m C1 \u{202E}bidi", "line\u{2028}and\u{2029}paragraph", "&amp; &lt;i&gt; <span color='red'>x</span> 'q' \"dq\"",
    ]

    static let counterparty = "<i>Mallory</i> #S %{F#f00}"

    /// What a bar must show for a stored text: control characters (C0, DEL, C1, U+2028 and
    /// U+2029, bidi marks) as spaces, everything else as it is; titles are trimmed when stored.
    static func visible(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return String(String.UnicodeScalarView(trimmed.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    @Test(arguments: titles)
    func everyFormatShowsTheTitleLiterally(_ template: String) throws {
        defer { loans.remove() }
        let file = loans.folder + "/pwned"
        let title = template.replacingOccurrences(of: "FILE", with: file)
        let added = try loans("add", "--to", Self.counterparty, "--due", "yesterday", "--lent", "2026-11-01", "--", title)
        #expect(added.status == 0 && added.err.isEmpty, "\(added.err)")
        let shown = "1 overdue: \(Self.visible(title)) (1 day overdue)"
        let tooltip = "1 overdue\n\(Self.visible(title)) — lent to \(Self.visible(Self.counterparty)), 1 day overdue"

        var outputs: [String: [String]] = [:]
        for (format, extra) in Self.runs {
            let result = try loans.run(BinaryHarness.binary, ["widget", "--format", format, "--max-width", "400"] + extra)  // room for the folder path twice, whatever TMPDIR is
            let name = ([format] + extra).joined(separator: " ")
            #expect(result.status == (format == "i3blocks" ? 33 : 0) && result.err.isEmpty, "\(name): \(result.err)")
            #expect(!BarReading.hasControl(result.out.replacingOccurrences(of: "\n", with: "")), "\(name): \(result.out.debugDescription)")
            var lines = result.out.components(separatedBy: "\n")
            #expect(lines.last == "", "\(name) does not end with a newline")
            lines.removeLast()
            outputs[name] = lines
        }

        #expect(outputs["plain"] == [shown])
        #expect(outputs["i3blocks"] == [shown, "1 overdue", "#FF5555"])
        let tmux = try #require(outputs["tmux"]?.onlyElement, "tmux: \(outputs["tmux"] ?? [])")
        #expect(tmux.hasPrefix("#[fg=red]") && BarReading.tmux(tmux) == shown, "tmux: \(tmux)")
        let polybar = try #require(outputs["polybar"]?.onlyElement, "polybar: \(outputs["polybar"] ?? [])")
        #expect(polybar.hasPrefix("%{F#FF5555}") && BarReading.polybar(polybar) == shown, "polybar: \(polybar)")

        let i3bar = try object(outputs["i3bar"])
        #expect(i3bar["full_text"] as? String == shown && i3bar["short_text"] as? String == "1 overdue")
        #expect(i3bar["color"] as? String == "#FF5555" && i3bar["urgent"] as? Bool == true && i3bar["markup"] == nil)
        let i3barPango = try object(outputs["i3bar --pango"])
        #expect(i3barPango["markup"] as? String == "pango" && i3barPango["color"] as? String == "#FF5555")
        let waybar = try object(outputs["waybar"])
        #expect(waybar["alt"] as? String == "overdue" && waybar["class"] as? String == "overdue" && waybar["percentage"] as? Int == 100)
        let i3status = try object(outputs["i3status-rust"])
        #expect(i3status["icon"] as? String == "tasks" && i3status["state"] as? String == "Critical")
        let i3blocksPango = outputs["i3blocks --pango"] ?? []
        #expect(i3blocksPango.count == 3 && i3blocksPango.dropFirst() == ["1 overdue", "#FF5555"])

        // Every Pango-escaped text, read by Pango: exactly the visible text, nothing styled.
        let markups: [(String, Any?, String)] = [
            ("i3bar --pango full_text", i3barPango["full_text"], shown), ("i3bar --pango short_text", i3barPango["short_text"], "1 overdue"),
            ("waybar text", waybar["text"], shown), ("waybar tooltip", waybar["tooltip"], tooltip),
            ("i3status-rust text", i3status["text"], shown), ("i3status-rust short_text", i3status["short_text"], "1 overdue"),
        ]
        let readings = try RealPango.read(markups.map { $0.1 as? String ?? "" } + [i3blocksPango.first ?? ""])
        for ((name, _, expected), reading) in zip(markups, readings) {
            #expect(reading == RealPango.Reading(text: expected, styled: false, error: nil), "\(name)")
        }
        // i3blocks with Pango keeps at most 83 bytes of title (its line buffer), shortened with `…`.
        let i3blocks = try #require(readings.last)
        #expect(i3blocks.error == nil && !i3blocks.styled, "i3blocks --pango: \(i3blocks)")
        #expect(Self.isShortening(i3blocks.text ?? "", of: Self.visible(title)), "i3blocks --pango: \(i3blocks)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// Whether `line` shows `title` whole, or its beginning followed by `…`, as the widget's text.
    static func isShortening(_ line: String, of title: String) -> Bool {
        let prefix = "1 overdue: ", suffix = " (1 day overdue)"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return false }
        let shown = line.dropFirst(prefix.count).dropLast(suffix.count)
        return shown == title || (shown.hasSuffix("…") && title.hasPrefix(shown.dropLast()) && shown.count > 1)
    }

    /// Each format, and the Pango variants of the two that have one.
    static let runs: [(String, [String])] = [
        ("plain", []), ("tmux", []), ("i3blocks", []), ("i3blocks", ["--pango"]), ("i3bar", []), ("i3bar", ["--pango"]),
        ("waybar", []), ("i3status-rust", []), ("polybar", []),
    ]

    /// The one JSON object a format printed on its one line.
    func object(_ lines: [String]?) throws -> [String: Any] {
        let line = try #require(lines?.onlyElement, "expected one line: \(lines ?? [])")
        return try #require(BarReading.json(line), "not a JSON object: \(line)")
    }

    /// The checks above can fail: Pango styles raw markup, and the models refuse what a bar
    /// would read as markup.
    @Test func theReadersSeeMarkupWhenItIsThere() throws {
        let readings = try RealPango.read(["<b>bold</b>", "a & b", "&lt;b&gt;"])
        #expect(readings[0] == RealPango.Reading(text: "bold", styled: true, error: nil))
        #expect(readings[1].text == nil && readings[1].error != nil)
        #expect(readings[2] == RealPango.Reading(text: "<b>", styled: false, error: nil))
        #expect(BarReading.tmux("#[fg=red]#{host}#[default]") == nil)
        #expect(BarReading.polybar("%{F#FF5555}%{A1:touch x:}y%{F-}") == nil)
    }
}

extension Array {
    /// The element of a one-element array, else nil.
    var onlyElement: Element? { count == 1 ? first : nil }
}
