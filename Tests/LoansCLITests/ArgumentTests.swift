import Foundation
import LoansArguments
@testable import LoansCLI
import LoansAdapters
import Testing

/// Words as POSIX and users type them: `--` anywhere, `--name=value`, global options on either
/// side, aliases, suggestions, and bytes that are not UTF-8.
@Suite struct ArgumentTests {
    let loans: CommandLineHarness
    init() throws { loans = try CommandLineHarness() }

    @Test func doubleDashEndsOptionsAnywhere() {
        #expect(loans("add", "--to", "x", "--due", "+1w", "--", "-dash title").out == "1\n")
        #expect(loans("add", "--", "--to", "--to", "x", "--due", "+1w").code == .usage, "after -- every word is an argument")
        #expect(loans("--due=+2d", "add").code == .usage)
        #expect(loans("add", "--due=+2d", "--to=Bob", "--", "--title--").out == "2\n")
        #expect(loans("show", "--", "1").out.contains("Title:         -dash title"))
        #expect(loans("list", "--", "extra").err.hasPrefix(#"loans: unexpected argument "extra" for 'list'"#))
        #expect(loans("list").out.contains("--title--"))
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommand() {
        #expect(loans("--today", "2026-12-01", "add", "A", "--to", "B", "--due", "tomorrow").out == "1\n")
        #expect(loans("show", "1", "--today=2026-12-01").out.contains("Due on:        2026-12-02 (due tomorrow)"))
        #expect(loans("--window=0", "due-soon", "--today", "2026-12-02").out.contains("due today"))
    }

    @Test func aliasesAreTheirCommands() {
        loans("add", "A", "--to", "B", "--due", "fri")
        #expect(loans("ls").out == loans("list").out)
        #expect(loans("rm", "1").out == "Removed loan #1.\n")
    }

    @Test(arguments: [
        (["lsit"], #"loans: unknown command "lsit"; did you mean "list"?"#),
        (["agneda"], #"loans: unknown command "agneda"; did you mean "agenda"?"#),
        (["retrun", "1"], #"loans: unknown command "retrun"; did you mean "return"?"#),
        (["add", "A", "--too", "B"], #"loans: unknown option "--too" for 'add'; did you mean "--to"?"#),
        (["widget", "--fromat", "tmux"], #"loans: unknown option "--fromat" for 'widget'; did you mean "--format"?"#),
        (["--dmo"], #"loans: unknown option "--dmo"; did you mean "--demo"?"#),
        (["widget", "--format", "tmx"], #"did you mean "tmux"?"#),
        (["help", "lst"], #"loans: no help for "lst": it is not a command; did you mean "list"?"#),
        (["frobnicate"], "loans: unknown command \"frobnicate\"\n"),
        (["list", "--bogus"], "loans: unknown option \"--bogus\" for 'list'\n"),
    ])
    func suggestionsNameTheNearestValidWord(_ arguments: [String], _ message: String) {
        let result = loans.run(arguments)
        #expect(result.code == .usage)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func textThatIsNotUTF8IsRefusedNamingTheOption() {
        let bad: [UInt8] = [0x44, 0x75, 0xFF, 0x6E, 0x65]
        let title = loans.run(bytes: [Array("add".utf8), bad, Array("--to".utf8), Array("A".utf8), Array("--due".utf8), Array("+1d".utf8)])
        #expect(title.code == .usage && title.err.hasPrefix("loans: TITLE: the value is not valid UTF-8"), "\(title.err)")
        let note = loans.run(bytes: ["add", "A", "--to", "B", "--due", "+1d", "--note"].map { Array($0.utf8) } + [bad])
        #expect(note.code == .usage && note.err.hasPrefix("loans: --note: the value is not valid UTF-8"), "\(note.err)")
        let person = loans.run(bytes: [Array("list".utf8), Array("--person".utf8), [0xC3]])
        #expect(person.code == .usage && person.err.hasPrefix("loans: --person: the value is not valid UTF-8"))
        let command = loans.run(bytes: [[0x6C, 0x69, 0xFF]])
        #expect(command.code == .usage && command.err.hasPrefix(#"loans: unknown command "li\\xff""#), "\(command.err)")
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"))
    }

    @Test func pathsKeepTheirBytes() throws {
        func source(_ words: [[UInt8]], _ environment: [String: [UInt8]] = [:]) throws -> StoreLocation? {
            let env = Environment(loans.environment.mapValues { Array($0.utf8) }.merging(environment) { $1 })
            guard case .run(_, let settings, _, _) = try LoansCommandLine.parse(words.map(Word.init), environment: env, clock: FixedClock())
            else { return nil }
            return settings.location
        }
        let ff: [UInt8] = Array("/tmp/x/".utf8) + [0xFF] + Array(".db".utf8)
        let fe: [UInt8] = Array("/tmp/x/".utf8) + [0xFE] + Array(".db".utf8)
        #expect(try source([Array("--db".utf8), ff, Array("list".utf8)]) == .file(SystemPath(bytes: ff)))
        #expect(try source([Array("--db".utf8), fe, Array("list".utf8)]) == .file(SystemPath(bytes: fe)))
        #expect(try source([Array("list".utf8)], ["LOANS_DB": ff]) == .file(SystemPath(bytes: ff)))
        #expect(try source([Array("--fixture".utf8), fe, Array("list".utf8)]) == .fixture(try #require(SystemPath(bytes: fe))))
        #expect(try source([Array("list".utf8)], ["LOANS_DB": []]) == .file(nil), "an empty LOANS_DB counts as unset")
        let empty = loans.run(["--db", "", "list"])
        #expect(empty.code == .usage && empty.err == "loans: --db: an empty path names no file\n")
        let emptyFixture = loans.run(["--fixture=", "list"])
        #expect(emptyFixture.code == .usage)
    }
}
