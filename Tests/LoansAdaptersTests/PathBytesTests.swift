import Foundation
@testable import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// The adapters open files by the path's bytes: a name that is not UTF-8, or that holds the
/// characters a `file:` URI gives meaning to, names exactly one file.
@Suite struct PathBytesTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func path(_ name: [UInt8]) -> SystemPath {
        SystemPath(bytes: Array(folder.path.utf8) + [UInt8(ascii: "/")] + name)!
    }

    /// The folder's names, other bytes than printable ASCII written `\ooo` (`ls -b`).
    func names() throws -> Set<String> {
        Set(try Tool.run("/bin/ls", ["-1", "-A", "-b", folder.path]).split(separator: "\n").map(String.init))
    }

    let draft = LoanDraft(title: "Dune", direction: .borrowed, counterparty: "Library", lentOn: Sample.day(-1), dueOn: Sample.day(3))

    @Test func aNameThatIsNotUTF8IsThatFileAndNoOther() throws {
        let latin = path([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x64, 0x62])
        #expect(try LoanDatabase.writer(at: latin, author: .tester).add(draft) == LoanID(1))
        #expect(try names().contains(#"caf\351.db"#))
        let lookAlike = path([0x63, 0x61, 0x66, 0xE8, 0x2E, 0x64, 0x62])
        #expect(try LoanDatabase.reader(at: lookAlike).loan(LoanID(1)) == nil)
        #expect(try LoanDatabase.reader(at: latin).loan(LoanID(1))?.title == "Dune")
        #expect(try names().allSatisfy { $0.hasPrefix(#"caf\351.db"#) })
    }

    /// The immutable reading opens by a `file:` URI: every byte a URI could misread is encoded.
    @Test(arguments: [Array("100% ?sure#1.db".utf8), [0xFF, 0x25, 0x32, 0x35], Array("a+b;c=d&e.db".utf8)])
    func anImmutableReadOpensExactlyTheNamedFile(_ name: [UInt8]) throws {
        let database = path(name)
        #expect(try LoanDatabase.writer(at: database, author: .tester).add(draft) == LoanID(1))
        let connection = try SQLiteConnection(path: database, readOnly: true, immutable: true)
        #expect(try connection.statement("SELECT title FROM loan").step())
        let decoy = path(name + Array(".decoy".utf8))
        #expect(throws: SQLiteError.self) { try SQLiteConnection(path: decoy, readOnly: true, immutable: true) }
    }

    @Test func aURINeverReadsTheFirstFolderAsAHost() throws {
        let doubled = SystemPath("//tmp/x y.db")!
        #expect(String(decoding: SQLiteConnection.uri(doubled, query: "immutable=1").bytes, as: UTF8.self) == "file:////tmp/x%20y.db?immutable=1")
        let relative = SystemPath(bytes: [0x61, 0xFF])!
        #expect(String(decoding: SQLiteConnection.uri(relative, query: "q").bytes, as: UTF8.self) == "file:a%FF?q")
    }

    /// The database is built aside and moved in whole: nothing else is left in the folder, and a
    /// file already at the name (another process's, first) is opened, not replaced.
    @Test func creationLeavesOnlyTheDatabaseAndKeepsAWinnersFile() throws {
        let database = path(Array("loans.db".utf8))
        try DatabaseCreation(path: database).create()
        #expect(try names() == ["loans.db"])
        let winner = try LoanDatabase.writer(at: database, author: .tester)
        #expect(try winner.add(draft) == LoanID(1))
        try DatabaseCreation(path: database).create()
        #expect(try LoanDatabase.reader(at: database).loan(LoanID(1))?.title == "Dune")
        #expect(try !names().contains { $0.contains(".new-") })
    }
}
