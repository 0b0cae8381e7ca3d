import Foundation
import Testing

/// Paths are used byte for byte, UTF-8 or not; an explicit database whose folder is missing is
/// an error, never created; empty paths are refused or count as unset. The byte paths are made
/// by `printf` in a shell, since a test cannot pass invalid UTF-8 through `Process`.
@Suite struct PathEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// The names in the test folder, bytes other than printable ASCII written `\ooo` (`ls -b`).
    func names() throws -> Set<String> {
        Set(try loans.run("/bin/ls", ["-1", "-A", "-b", loans.folder]).out.split(separator: "\n").map(String.init))
    }

    /// A shell line run with `F` set to the test folder.
    func sh(_ line: String) throws -> BinaryHarness.Result {
        try loans.shell(line, extra: ["F": loans.folder])
    }

    @Test func aDatabasePathThatIsNotUTF8OpensExactlyThatFile() throws {
        defer { loans.remove() }
        let add = try sh(#"loans --db "$(printf '%s/\377.db' "$F")" add A --to B --due today"#)
        #expect(add.status == 0 && add.out == "1\n", "\(add.err)")
        #expect(try names().contains(#"\377.db"#))
        #expect(try !names().contains { $0.contains(#"\357\277\275"#) })
        // A look-alike (another invalid byte) is another file: empty, and not created by a read.
        let other = try sh(#"loans --db "$(printf '%s/\376.db' "$F")" list"#)
        #expect(other.status == 0 && other.out == "No open loans.\n", "\(other.err)")
        let same = try sh(#"LOANS_DB="$(printf '%s/\377.db' "$F")" loans list"#)
        #expect(same.status == 0 && same.out.contains("#1"), "\(same.err)")
        let all = try names()
        #expect(all.allSatisfy { $0.hasPrefix(#"\377.db"#) }, "\(all)")
    }

    @Test func aForeignFileWithANonUTF8NameIsRefusedAndNothingElseIsWritten() throws {
        defer { loans.remove() }
        #expect(try sh(#"printf 'not a database' > "$(printf '%s/\372.db' "$F")""#).status == 0)
        let before = try names()
        let add = try sh(#"loans --db "$(printf '%s/\372.db' "$F")" add A --to B --due today"#)
        #expect(add.status == 74 && add.out.isEmpty, "\(add.err)")
        #expect(add.err.contains(#"/\\xfa.db""#) && add.err.contains("untouched"), "\(add.err)")
        #expect(try names() == before)
        #expect(try sh(#"cat "$(printf '%s/\372.db' "$F")""#).out == "not a database")
    }

    @Test func fixturesAndImportFilesAreOpenedByTheirBytes() throws {
        defer { loans.remove() }
        let document = #"{"schema_version": 1, "query": "all", "loans": [{"id": 7, "title": "Dune", "direction": "lent", "counterparty": "Ann", "lent_on": "2026-11-01", "due_on": "2026-11-28", "returned_on": null, "note": null, "renewals": 0, "previous_due_dates": []}]}"#
        try document.write(toFile: loans.folder + "/doc.json", atomically: true, encoding: .utf8)
        #expect(try sh(#"mv "$F/doc.json" "$(printf '%s/\351t\351.json' "$F")""#).status == 0)
        let fixture = try sh(#"loans --fixture "$(printf '%s/\351t\351.json' "$F")" overdue"#)
        #expect(fixture.status == 0 && fixture.out.contains("#7  Dune"), "\(fixture.err)")
        let imported = try sh(#"loans import "$(printf '%s/\351t\351.json' "$F")""#)
        #expect(imported.status == 0, "\(imported.err)")
        let missing = try sh(#"loans import "$(printf '%s/\351.json' "$F")""#)
        #expect(missing.status == 66 && missing.err.contains(#"/\\xe9.json": No such file"#), "\(missing.err)")
    }

    @Test func anExplicitDatabaseInAMissingFolderIs74AndNeverCreated() throws {
        defer { loans.remove() }
        let path = loans.folder + "/missing/deeper/loans.db"
        for command in [["list"], ["agenda"], ["json"], ["widget"], ["add", "A", "--to", "B", "--due", "today"]] {
            for (how, arguments, extra) in [
                ("--db", ["--db", path] + command, [String: String]()), ("LOANS_DB", command, ["LOANS_DB": path]),
            ] {
                let result = try loans.run(BinaryHarness.binary, arguments, extra: extra)
                #expect(result.status == 74 && result.out.isEmpty, "\(how) \(command): \(result.status) \(result.err)")
                #expect(result.err == "loans: cannot open database \"\(path)\": its folder \"\(loans.folder)/missing/deeper\" does not exist\n")
            }
        }
        let bar = try loans("--db", path, "widget", "--format", "i3bar")
        #expect(bar.status == 0 && bar.out.contains(#""full_text":"loans: error""#) && bar.err.hasPrefix("loans: cannot open"))
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/missing"))
    }

    @Test func theDefaultLocationIsCreatedOnFirstWriteAndAnEmptyLOANSDBCountsAsUnset() throws {
        defer { loans.remove() }
        let xdg = loans.folder + "/data"
        let read = try loans.run(BinaryHarness.binary, ["list"], extra: ["LOANS_DB": "", "XDG_DATA_HOME": xdg])
        #expect(read.status == 0 && read.out == "No open loans.\n", "\(read.err)")
        #expect(!FileManager.default.fileExists(atPath: xdg))
        let add = try loans.run(BinaryHarness.binary, ["add", "A", "--to", "B", "--due", "today"], extra: ["LOANS_DB": "", "XDG_DATA_HOME": xdg])
        #expect(add.status == 0 && add.out == "1\n", "\(add.err)")
        #expect(FileManager.default.fileExists(atPath: xdg + "/loans/loans.db"))
        let empty = try loans("--db", "", "list")
        #expect(empty.status == 64 && empty.out.isEmpty && empty.err.hasPrefix("loans: --db: "), "\(empty.err)")
    }
}
