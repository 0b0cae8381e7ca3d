import Foundation
import Testing

/// The built binary, run as a separate process.
@Suite struct CommandLineEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    @Test func theDemoAgendaOnAPipe() throws {
        defer { loans.remove() }
        let result = try loans("--demo")
        #expect(result.status == 0 && result.err.isEmpty)
        #expect(result.out == """
            OVERDUE (2)
              #1  The Hobbit                lent to Alice               3 days overdue
              #2  Cordless drill            lent to Sam next door       1 day overdue
            DUE SOON (3)
              #3  Dune                      borrowed from City Library  due today
              #4  Camping tent              borrowed from Priya         due in 2 days
              #5  The Pragmatic Programmer  borrowed from City Library  due in 6 days

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: loans.folder).isEmpty)
    }

    @Test func exitCodesAndStreamsAsTheContractSays() throws {
        defer { loans.remove() }
        let usage = try loans("frobnicate")
        #expect(usage.status == 64 && usage.out.isEmpty && usage.err.hasPrefix("loans: unknown command \"frobnicate\"\n"))
        let missing = try loans("show", "3")
        #expect(missing.status == 1 && missing.out.isEmpty && missing.err == "loans: no loan with id 3\n")
        let help = try loans("--help")
        #expect(help.status == 0 && help.out.hasPrefix("loans — ") && help.err.isEmpty)
        #expect(try loans("add", "Dune", "--from", "Library", "--due", "+3d").out == "1\n")
        #expect(try loans("--db", loans.folder, "list").status == 74)
        try loans.tool("/usr/bin/sqlite3", loans.folder + "/loans.db", "PRAGMA user_version = 42")
        let newer = try loans("list")
        #expect(newer.status == 75 && newer.out.isEmpty && newer.err.contains("newer loans"))
    }

    @Test(arguments: [
        ["--window", "99999999999999999999999999"], ["show", "99999999999999999999999999"],
        ["add", "A", "--to", "B", "--due", "+9223372036854775807w"], ["add", "A", "--to", "B", "--due", "+99999999999m"],
        ["--today", "9999-12-31", "add", "A", "--to", "B", "--due", "tomorrow"],
        ["--today", "0001-01-01", "return", "1", "--on", "yesterday"],
    ])
    func hugeValuesNeverTrap(_ arguments: [String]) throws {
        defer { loans.remove() }
        let result = try loans.run(BinaryHarness.binary, arguments)
        #expect(!result.crashed)
        #expect(result.status == 64, "\(result.err)")
        #expect(result.err.hasPrefix("loans: "))
    }

    @Test func aRenewalPastTheCalendarIsAUsageError() throws {
        defer { loans.remove() }
        try loans.must("add", "A", "--to", "B", "--due", "+3d")
        let result = try loans("renew", "1", "--by", "+9223372036854775807m")
        #expect(!result.crashed && result.status == 64)
        #expect(result.err.contains("leaves the calendar"))
    }

    @Test func aReadNeverCreatesTheDatabase() throws {
        defer { loans.remove() }
        for command in [["agenda"], ["list", "--all"], ["overdue"], ["due-soon"], ["json", "all"], ["widget"], []] {
            let result = try loans.run(BinaryHarness.binary, command)
            #expect(result.status == 0 && result.err.isEmpty, "\(command): \(result.status) \(result.err)")
        }
        let show = try loans("show", "1")
        #expect(show.status == 1 && show.err == "loans: no loan with id 1\n" && show.out.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: loans.folder).isEmpty)
    }

    @Test func filesArePrivateWhateverTheUmask() throws {
        defer { loans.remove() }
        let result = try loans.shell("umask 000; unset LOANS_DB; XDG_DATA_HOME=\"$HOME/data\" loans add A --to B --due +1d")
        #expect(result.status == 0)
        let attributes = { (path: String) in try FileManager.default.attributesOfItem(atPath: loans.folder + path)[.posixPermissions] as? Int }
        #expect(try attributes("/data") == 0o700)
        #expect(try attributes("/data/loans") == 0o700)
        #expect(try attributes("/data/loans/loans.db") == 0o600)
    }

    @Test(arguments: ["Pacific/Kiritimati", "Etc/GMT+12", "UTC", "Asia/Kolkata"])
    func todayIsTheCivilDateInTZ(_ zone: String) throws {
        defer { loans.remove() }
        let line = "unset LOANS_TODAY; loans add A --to B --due +1d >/dev/null && loans show 1 && date +%F"
        let result = try loans.shell(line, extra: ["TZ": zone])
        #expect(result.status == 0)
        let dateLine = result.out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(result.out.contains("Lent on:       \(dateLine)\n"))
    }

    @Test func titlesCannotReachTheTerminalRaw() throws {
        defer { loans.remove() }
        try loans.must("add", "Evil\u{1B}]0;owned\u{07}\u{1B}[2J title\nsecond line", "--to", "Mallory\u{9B}31m", "--due", "today", "--note", "a\u{1B}c\nb")
        for command in [["agenda"], ["due-soon"], ["list", "--all"], ["show", "1"]] {
            let out = try loans.run(BinaryHarness.binary, command).out
            #expect(!out.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
            #expect(out.contains("Evil ]0;owned  [2J title second line"))
        }
    }
}
