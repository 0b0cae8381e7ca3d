import Foundation
import Testing

/// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are line breaks: like the other control
/// characters they become spaces in every front that shows text (JSON keeps them, exactly).
@Suite struct LineSeparatorTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    static let title = "one\u{2028}two\u{2029}three"

    func seeded() throws {
        let document = """
            {"schema_version": 1, "loans": [{"id": 1, "title": "one\\u2028two\\u2029three", "direction": "lent",
             "counterparty": "Ann\\u2028Bo", "lent_on": "2026-11-01", "due_on": "2026-11-27", "note": "n\\u2029n"}]}
            """
        let result = try loans("import", "-", stdin: document)
        #expect(result.status == 0, "\(result.err)")
    }

    static func hasSeparator(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    @Test func textAndEveryWidgetFormatShowSpaces() throws {
        defer { loans.remove() }
        try seeded()
        for command in [["agenda"], ["overdue"], ["list", "--all"], ["show", "1"]] {
            let result = try loans.run(BinaryHarness.binary, command)
            #expect(result.status == 0 && !Self.hasSeparator(result.out), "\(command)")
            #expect(result.out.contains("one two three"), "\(command): \(result.out)")
        }
        for format in ["plain", "tmux", "i3blocks", "i3bar", "waybar", "i3status-rust", "polybar"] {
            let result = try loans("widget", "--format", format, "--max-width", "200")
            #expect(!Self.hasSeparator(result.out) && result.out.contains("one two three"), "\(format): \(result.out)")
        }
        let json = try loans("json", "all")
        #expect(json.out.contains(#"one\u2028two\u2029three"#) || json.out.contains(Self.title), "\(json.out)")
        let message = try loans("--today", "x\u{2028}y", "list")
        #expect(message.status == 64 && !Self.hasSeparator(message.err) && message.err.contains(#"x\u{2028}y"#), "\(message.err)")
    }

    @Test func theTUIShowsSpaces() throws {
        defer { loans.remove() }
        try seeded()
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 100)
        defer { pane.close() }
        let screen = try pane.waitFor("one two three", "Ann Bo")
        #expect(!Self.hasSeparator(screen))
        try pane.press("Enter")
        #expect(!Self.hasSeparator(try pane.waitFor("Loan #1", "n n")))
        try pane.press("q", "q")
        #expect(try pane.exitStatus() == 0)
    }
}
