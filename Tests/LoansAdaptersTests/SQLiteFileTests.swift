import CSQLite
import Foundation
@testable import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// What the SQLite adapter does with the file itself: creation, recognition, refusal.
@Suite struct SQLiteFileTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func draft(_ title: String = "Dune") -> LoanDraft {
        LoanDraft(title: title, direction: .borrowed, counterparty: "Library", lentOn: Sample.day(-1), dueOn: Sample.day(3))
    }

    @Test func aReadNeverCreatesTheFileAndReadsEmpty() throws {
        let path = folder.file("missing/loans.db")
        let store = try LoanDatabase.reader(at: SystemPath(path)!, folders: .createdOnFirstWrite)
        #expect(try store.countOpenLoans(due: DueRange(from: nil, through: .latest)) == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
        let beside = try LoanDatabase.reader(at: SystemPath(folder.file("loans.db"))!)
        #expect(try beside.loan(LoanID(1)) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("loans.db")))
    }

    /// A place the user named must have its folder: reads and writes fail, nothing is created.
    @Test func aNamedPlaceInAMissingFolderIsAnError() throws {
        let path = SystemPath(folder.file("missing/loans.db"))!
        for open in [{ _ = try LoanDatabase.reader(at: path) }, { _ = try LoanDatabase.writer(at: path, author: .tester) }] {
            #expect {
                try open()
            } throws: { error in
                (error as? StoreError)?.message == "cannot open database \"\(path)\": its folder \"\(folder.file("missing"))\" does not exist"
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
    }

    @Test func theFirstWriteCreatesAPrivateFolderAndFile() throws {
        let path = folder.file("a/b/loans.db")
        _ = try LoanDatabase.writer(at: SystemPath(path)!, folders: .createdOnFirstWrite, author: .tester).add(draft())
        let mode = { (p: String) in (try FileManager.default.attributesOfItem(atPath: p)[.posixPermissions] as? Int) ?? -1 }
        #expect(try mode(folder.file("a")) == 0o700)
        #expect(try mode(folder.file("a/b")) == 0o700)
        #expect(try mode(path) == 0o600)
    }

    @Test func schemaIsMarkedVersionedAndInWALMode() throws {
        let path = folder.file("loans.db")
        _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).add(draft())
        #expect(try sqlite3(path, "PRAGMA application_id") == "1280262478")
        #expect(try sqlite3(path, "PRAGMA user_version") == String(Migrations.latestVersion))
        #expect(try sqlite3(path, "PRAGMA journal_mode") == "wal")
        let plan = try sqlite3(path, "EXPLAIN QUERY PLAN SELECT id FROM loan WHERE returned_on IS NULL AND due_on >= '2026-01-01' AND due_on <= '2026-12-01' ORDER BY due_on, id")
        #expect(plan.contains("loan_open_by_due"))
    }

    @Test func aFileThatIsNotSQLiteIsRefusedUntouched() throws {
        let path = folder.file("loans.db")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try LoanDatabase.writer(at: SystemPath(path)!, author: .tester) }
        // SQLite's own result code stays inside the store's failure, not only in its words.
        #expect {
            _ = try LoanDatabase.reader(at: SystemPath(path)!)
        } throws: { error in
            ((error as? StoreError)?.underlying as? SQLiteError)?.code == SQLITE_NOTADB
        }
        #expect(bytes(path) == garbage)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aForeignDatabaseIsRefusedUntouched() throws {
        let path = folder.file("other.db")
        _ = try sqlite3(path, "CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine');")
        let before = bytes(path)
        #expect {
            _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        } throws: { error in
            (error as? StoreError)?.kind == .unavailable && "\(error)".contains("is not a loans database")
        }
        #expect(throws: StoreError.self) { try LoanDatabase.reader(at: SystemPath(path)!) }
        #expect(bytes(path) == before)
    }

    @Test func aNewerDatabaseIsRefusedUntouched() throws {
        let path = folder.file("loans.db")
        _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).add(draft())
        _ = try sqlite3(path, "PRAGMA user_version = 99")
        let before = bytes(path)
        #expect {
            _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        } throws: { error in
            (error as? StoreError)?.kind == .newerVersion
        }
        #expect {
            _ = try LoanDatabase.reader(at: SystemPath(path)!)
        } throws: { error in
            (error as? StoreError)?.kind == .newerVersion
        }
        #expect(bytes(path) == before)
    }

    @Test func aFolderAtThePathIsRefused() throws {
        #expect(throws: StoreError.self) { try LoanDatabase.writer(at: SystemPath(folder.path)!, author: .tester) }
        #expect(throws: StoreError.self) { try LoanDatabase.reader(at: SystemPath(folder.path)!) }
    }

    @Test func anEmptyFileIsANewDatabase() throws {
        let path = folder.file("loans.db")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(try LoanDatabase.reader(at: SystemPath(path)!).loan(LoanID(1)) == nil)
        #expect(try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).add(draft()) == LoanID(1))
    }

    @Test func idsAreNeverReused() throws {
        let store = try LoanDatabase.writer(at: SystemPath(folder.file("loans.db"))!, author: .tester)
        let first = try store.add(draft())
        let second = try store.add(draft())
        #expect(try store.remove(second))
        #expect(try store.add(draft()) == LoanID(second.rawValue + 1))
        #expect(first == LoanID(1))
    }

    @Test func titlesKeepEveryCharacter() throws {
        let store = try LoanDatabase.writer(at: SystemPath(folder.file("loans.db"))!, author: .tester)
        let title = "nul\u{0}esc\u{1B}[31m \"q\" 界 👩‍👩‍👧 \u{202E}"
        let id = try store.add(draft(title))
        #expect(try store.loan(id)?.title == title)
    }
}
