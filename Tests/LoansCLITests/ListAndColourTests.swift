import Foundation
import LoansCLI
import Testing

/// `list`'s filters and due dates, `agenda --dates`, and colour by the one rule.
@Suite struct ListAndColourTests {
    let loans: CommandLineHarness
    init() throws {
        loans = try CommandLineHarness()
        loans("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-27", "--lent", "2026-11-01")
        loans("add", "Die Straße", "--from", "ÉCOLE Library", "--due", "tomorrow", "--note", "Ask for the ΟΔΥΣΣΕΥΣ too")
        loans("add", "Ladder", "--from", "Dad", "--due", "+3w")
        loans("add", "Drill", "--to", "alice", "--due", "+2d")
        loans("return", "3")
    }

    func ids(_ arguments: String...) -> [String] {
        loans.run(arguments).out.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func filtersCombine() {
        #expect(ids("list") == ["#1", "#2", "#4"])
        #expect(ids("list", "--all") == ["#1", "#2", "#3", "#4"])
        #expect(ids("list", "--lent") == ["#1", "#4"])
        #expect(ids("list", "--borrowed", "--all") == ["#2", "#3"])
        #expect(ids("list", "--person", "ALICE") == ["#1", "#4"], "a name without regard to case")
        #expect(ids("list", "--person", "Ali") == ["No"], "the whole name")
        #expect(ids("ls", "--search", "strasse") == ["#2"], "ß folds to ss")
        #expect(ids("list", "--search", "école") == ["#2"], "the counterparty, any case")
        #expect(ids("list", "--search", "οδυσσευς") == ["#2"], "the note, Greek final sigma")
        #expect(ids("list", "--search", "LADDER") == ["No"], "returned loans are not open")
        #expect(ids("list", "--search", "LADDER", "--returned") == ["#3"])
        #expect(ids("list", "--lent", "--search", "drill", "--person", "alice") == ["#4"])
        #expect(loans("list", "--search", "zebra").out == "No open loans match.\n")
        #expect(loans("list", "--lent", "--borrowed").err.hasPrefix("loans: give only one of --lent and --borrowed"))
    }

    @Test func listAndAgendaShowDueDates() {
        let list = loans("list").out.split(separator: "\n")
        #expect(list.first?.hasPrefix("#1  The Hobbit") == true && list.first?.hasSuffix("lent to Alice                due 2026-11-27  2 days overdue") == true)
        let agenda = loans("agenda", "--dates").out.split(separator: "\n")
        #expect(agenda[1].hasPrefix("  #1  The Hobbit") && agenda[1].hasSuffix("due 2026-11-27  2 days overdue"), "\(agenda)")
        #expect(!loans("agenda").out.contains("due 2026-11-27"))
        #expect(loans("overdue", "--dates").out.contains("due 2026-11-27"))
    }

    @Test func colourFollowsTheOneRule() throws {
        let red = "\u{1B}[31m", yellow = "\u{1B}[33m", dim = "\u{1B}[2m", reset = "\u{1B}[0m"
        let coloured = loans("list", "--all", "--color", "always").out
        #expect(coloured.contains(red + "#1  The Hobbit"))
        #expect(coloured.contains(yellow + "#2  Die Straße"))
        #expect(coloured.contains(dim + "#3  Ladder"))
        #expect(coloured.split(separator: "\n").allSatisfy { $0.hasSuffix(reset) })
        #expect(loans("--color=always", "agenda").out.contains(red + "  #1  The Hobbit"))
        #expect(loans("show", "1", "--color", "always").out.contains("Due on:        \(red)2026-11-27 (2 days overdue)\(reset)"))
        #expect(!loans("list", "--color", "never").out.contains("\u{1B}"))
        #expect(!loans("list").out.contains("\u{1B}"), "auto: not a terminal")
        loans.environment["NO_COLOR"] = "1"
        #expect(!loans("list", "--all").out.contains("\u{1B}"))
        #expect(loans("list", "--color", "always").out.contains(red), "an option beats NO_COLOR")
        try loans.writeConfig("color = always\n")
        #expect(!loans("list").out.contains("\u{1B}"), "NO_COLOR (environment) beats the file")
        loans.environment["NO_COLOR"] = ""
        #expect(loans("list").out.contains(red), "an empty NO_COLOR is unset; the file says always")
        #expect(loans("widget", "--color", "always").out.hasPrefix(red), "the plain widget follows the same rule")
        #expect(!loans("widget", "--color", "never").out.contains("\u{1B}"))
        #expect(!loans("widget", "--format", "tmux", "--color", "always").out.contains("\u{1B}"))
        #expect(loans("list", "--color", "sometimes").err.hasPrefix(#"loans: --color: "sometimes" is not a colour choice"#))
    }
}
