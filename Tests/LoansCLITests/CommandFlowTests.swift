import Foundation
import LoansCLI
import Testing

/// Commands that work, run in-process on a real SQLite file.
@Suite struct CommandFlowTests {
    let loans: CommandLineHarness
    init() throws { loans = try CommandLineHarness() }

    @Test func helpAndVersionGoToStdoutWithExit0() {
        for arguments in [["--help"], ["-h"], ["help"], ["help", "add"], ["add", "--help"], ["--version"]] {
            let result = loans.run(arguments)
            #expect(result.code == .success)
            #expect(!result.out.isEmpty && result.err.isEmpty)
        }
        #expect(loans("add", "--help").out.hasPrefix("Usage: loans add TITLE"))
        #expect(loans("--version").out == "loans \(LoansCommandLine.version)\n")
    }

    @Test func addPrintsTheIDAndEveryCommandSeesTheLoan() {
        #expect(loans("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-27", "--lent", "2026-11-01").out == "1\n")
        #expect(loans("add", "--from", "City Library", "Dune", "--due", "today").out == "2\n")
        #expect(loans("--window=3", "add", "--to", "Bob", "--due", "+4d", "--", "-5 sale").out == "3\n")
        #expect(loans("agenda").out == """
            OVERDUE (1)
              #1  The Hobbit  lent to Alice               2 days overdue
            DUE SOON (2)
              #2  Dune        borrowed from City Library  due today
              #3  -5 sale     lent to Bob                 due in 4 days

            """)
        #expect(loans("due-soon", "--window", "3").out == "DUE SOON (1)\n  #2  Dune  borrowed from City Library  due today\n")
        #expect(loans("overdue", "--today", "2026-11-30").out.contains("#2  Dune"))
        #expect(loans("show", "#1").out.contains("Due on:        2026-11-27 (2 days overdue)"))
    }

    @Test func renewReturnEditRemove() {
        loans("add", "Dune", "--from", "Library", "--due", "2026-12-01", "--lent", "2026-11-01")
        #expect(loans("renew", "1", "--by", "+2w").out == "Renewed loan #1: now due 2026-12-15 (renewal 1).\n")
        #expect(loans("renew", "1", "--due", "2027-01-05").out.contains("renewal 2"))
        #expect(loans("show", "1").out.contains("Renewals:      2 (earlier due dates: 2026-12-01, 2026-12-15)"))
        #expect(loans("edit", "1", "--title", "Dune Messiah", "--to", "Alice", "--note", "signed").code == .success)
        let shown = loans("show", "1").out
        #expect(shown.contains("Title:         Dune Messiah") && shown.contains("Direction:     lent") && shown.contains("Note:          signed"))
        #expect(loans("return", "1", "--on", "yesterday").out == "Returned loan #1 on 2026-11-28.\n")
        let again = loans("return", "1")
        #expect(again.code == .failure && again.err == "loans: loan 1 was already returned on 2026-11-28\n")
        #expect(loans("list").out == "No open loans.\n")
        #expect(loans("list", "--returned").out.contains("returned 2026-11-28"))
        #expect(loans("remove", "1").out == "Removed loan #1.\n")
        let gone = loans("remove", "1")
        #expect(gone.code == .failure && gone.err == "loans: no loan with id 1\n" && gone.out.isEmpty)
    }

    @Test func aReadOnAMissingDatabaseIsEmptyAndCreatesNothing() {
        #expect(loans("agenda").out == "No loans overdue or due soon.\n")
        #expect(loans("list", "--all").out == "No loans.\n")
        #expect(loans("show", "3").code == .failure)
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"))
    }

    @Test func theDefaultDatabaseFollowsXDGThenHOME() {
        loans.environment["LOANS_DB"] = nil
        loans.environment["XDG_DATA_HOME"] = loans.folder + "/xdg"
        #expect(loans("add", "A", "--to", "B", "--due", "+1d").code == .success)
        #expect(FileManager.default.fileExists(atPath: loans.folder + "/xdg/loans/loans.db"))
        loans.environment["XDG_DATA_HOME"] = nil
        #expect(loans("add", "A", "--to", "B", "--due", "+1d").code == .success)
        #expect(FileManager.default.fileExists(atPath: loans.folder + "/.local/share/loans/loans.db"))
        loans.environment["HOME"] = nil
        let lost = loans("list")
        #expect(lost.code == .ioError && lost.err.hasPrefix("loans: cannot locate the database"))
    }

    @Test func aFixtureIsReadOnly() throws {
        let fixture = loans.folder + "/fixture.json"
        try #"{"schema_version": 1, "loans": [{"id": 7, "title": "Dune", "direction": "borrowed", "counterparty": "Library", "lent_on": "2026-11-01", "due_on": "2026-11-28"}]}"#
            .write(toFile: fixture, atomically: true, encoding: .utf8)
        #expect(loans("overdue", "--fixture", fixture).out == "OVERDUE (1)\n  #7  Dune  borrowed from Library  1 day overdue\n")
        let write = loans("--fixture", fixture, "remove", "7")
        #expect(write.code == .usage && write.err.contains("read-only"))
        #expect(loans("--fixture", loans.folder + "/none.json", "agenda").code == .noInput)
        try "{".write(toFile: fixture, atomically: true, encoding: .utf8)
        #expect(loans("--fixture", fixture, "agenda").code == .dataError)
    }

    @Test func demoIsThrowawayAndSeededAroundToday() {
        let agenda = loans("--demo", "agenda")
        #expect(agenda.code == .success)
        #expect(agenda.out.hasPrefix("OVERDUE (2)\n"))
        #expect(agenda.out.contains("DUE SOON (3)"))
        #expect(loans("--demo", "add", "X", "--to", "Y", "--due", "+1d").out == "8\n")
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"))
        #expect(loans("--demo", "--today", "0001-01-01", "list", "--all").code == .success)
    }

    @Test func aForeignDatabaseExits74AndStaysUntouched() throws {
        let path = loans.folder + "/loans.db"
        let junk = Data("this is not a database, just a text file that happens to be here\n".utf8)
        try junk.write(to: URL(fileURLWithPath: path))
        let read = loans("agenda")
        #expect(read.code == .ioError && read.out.isEmpty && read.err.hasPrefix("loans: "))
        #expect(loans("add", "A", "--to", "B", "--due", "+1d").code == .ioError)
        #expect(FileManager.default.contents(atPath: path) == junk)
    }
}
