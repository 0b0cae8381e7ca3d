import LoansCLI
import Testing

/// Bad words on the command line: exit 64, `loans: <message naming the value>` on stderr,
/// nothing on stdout, and the database untouched.
@Suite struct UsageErrorTests {
    static let cases: [([String], String)] = [
        (["frobnicate"], #"loans: unknown command "frobnicate""#),
        (["list", "--bogus"], #"loans: unknown option "--bogus" for 'list'"#),
        (["--bogus"], #"loans: unknown option "--bogus""#),
        (["add", "Dune", "--from", "Library"], "loans: 'add' needs --due DATE"),
        (["add", "Dune", "--due", "+3d"], "loans: say who has it"),
        (["add", "Dune", "--to", "A", "--from", "B", "--due", "+3d"], "loans: give only one of --to and --from"),
        (["add", "Dune", "--to", "A", "--due", "2026-02-30"], #"loans: --due: "2026-02-30" is not a date: no such day"#),
        (["add", "Dune", "--to", "A", "--due", "soon"], #"loans: --due: "soon" is not a date"#),
        (["add", "Dune", "--to", "A", "--due", "+99999999999999999999d"], #"loans: --due: "+99999999999999999999d" is out of range"#),
        (["add", "Dune", "--to", "A", "--due", "+1d", "--lent", "+2d"], "loans: due date 2026-11-30 is before the lent date 2026-12-01"),
        (["add", "   ", "--to", "A", "--due", "+1d"], "loans: TITLE: title must not be empty"),
        (["add", String(repeating: "x", count: 501), "--to", "A", "--due", "+1d"], "loans: TITLE: title is longer than 500 characters"),
        (["add", "Dune", "--to", String(repeating: "y", count: 501), "--due", "+1d"], "loans: --to: counterparty is longer than 500"),
        (["add", "Dune", "--to", "A", "--due", "+1d", "--note", String(repeating: "n", count: 10_001)], "loans: --note: note is longer than 10000"),
        (["add", "Dune", "Extra", "--to", "A", "--due", "+1d"], #"loans: unexpected argument "Extra" for 'add'"#),
        (["add", "Dune", "--to"], "loans: option --to needs a value"),
        (["add", "Dune", "--due", "+1d", "--due", "+2d", "--to", "A"], "loans: option --due is given twice"),
        (["show"], "loans: 'show' is missing an argument"),
        (["show", "abc"], #"loans: "abc" is not a loan id"#),
        (["show", "99999999999999999999"], #"loans: "99999999999999999999" is not a loan id"#),
        (["show", "-5"], #"loans: unknown option "-5" for 'show'"#),
        (["renew", "1"], "loans: 'renew' needs exactly one of --due DATE and --by +N[dwmy]"),
        (["renew", "1", "--due", "+1d", "--by", "+1d"], "loans: give only one of --due and --by"),
        (["renew", "1", "--by", "3"], #"loans: --by: "3" is not an offset"#),
        (["renew", "1", "--by", "+1q"], #"loans: --by: "+1q" is not an offset (use +N, +Nd, +Nw, +Nm or +Ny)"#),
        (["return", "1", "--on", "someday"], #"loans: --on: "someday" is not a date"#),
        (["edit", "1"], "loans: 'edit' needs something to change"),
        (["list", "--open", "--all"], "loans: give only one of --open, --returned and --all"),
        (["list", "--all=yes"], "loans: option --all takes no value"),
        (["agenda", "--window", "99999999999999999999"], #"loans: --window: "99999999999999999999" is not a number of days"#),
        (["agenda", "--window", "-1"], #"loans: --window: "-1" is not a number of days"#),
        (["--today", "2026-13-01"], #"loans: --today: "2026-13-01" is not a date"#),
        (["--today", "tomorrow"], #"loans: --today: "tomorrow" is not a date in the form YYYY-MM-DD"#),
        (["--db", "a", "--fixture", "b"], "loans: give only one of --db, --fixture and --demo"),
        (["--fixture", "b", "agenda", "--demo"], "loans: give only one of --db, --fixture and --demo"),
        (["--demo", "agenda", "--db", "a"], "loans: give only one of --db, --fixture and --demo"),
        (["help", "nope"], #"loans: no help for "nope""#),
    ]

    @Test(arguments: cases)
    func refusedWithExit64(_ arguments: [String], _ message: String) throws {
        let loans = try CommandLineHarness()
        let result = loans.run(arguments)
        #expect(result.code == .usage)
        #expect(result.out == "")
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"))
    }

    @Test func environmentValuesAreCheckedAndNamed() throws {
        let loans = try CommandLineHarness()
        loans.environment["LOANS_WINDOW"] = "week"
        #expect(loans("agenda").err.hasPrefix(#"loans: LOANS_WINDOW: "week" is not a number of days"#))
        loans.environment["LOANS_WINDOW"] = nil
        loans.environment["LOANS_TODAY"] = "2026-02-30"
        #expect(loans("agenda").code == .usage)
        #expect(loans("agenda", "--today", "2026-11-29").code == .success)
    }

    @Test func usageErrorsShowTheCommandsUsage() throws {
        let result = try CommandLineHarness()("renew", "1", "--by", "x")
        #expect(result.err.split(separator: "\n").last == "Usage: loans renew ID (--due DATE | --by +N[dwmy])")
    }

    @Test func controlCharactersInBadValuesAreEscaped() throws {
        let result = try CommandLineHarness()("show", "\u{1B}]0;owned\u{07}")
        #expect(result.code == .usage)
        #expect(!result.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}

import Foundation
