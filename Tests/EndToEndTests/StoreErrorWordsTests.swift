import Foundation
import LoansTestSupport
import Testing

/// A write that fails midway says which operation failed and quotes no more of the statement
/// than its first words — never the kilobytes of SQL a batch of an import is — on both engines.
@Suite struct StoreErrorWordsTests {
    let loans: BinaryHarness

    init() throws {
        loans = try BinaryHarness()
    }

    /// A document of `count` loans, ids from 1.
    private func document(_ count: Int) -> String {
        let loans = (1...count).map { id in
            #"{"id": \#(id), "title": "Book number \#(id) with a longer title", "direction": "borrowed", "counterparty": "City Library", "lent_on": "2026-11-01", "due_on": "2026-12-02", "note": "shelf \#(id % 97)"}"#
        }
        return #"{"schema_version": 1, "loans": ["# + loans.joined(separator: ",\n") + "]}"
    }

    /// What the message quotes of a statement (the text in “…”), and the message's length.
    private func check(_ err: String, _ label: String) {
        #expect(err.hasPrefix("loans: ") && err.split(separator: "\n").count == 1, "\(label): \(err)")
        #expect(err.utf8.count < 600, "\(label): a message of \(err.utf8.count) bytes: \(err.prefix(300))…")
        #expect(err.contains("import"), "\(label): the message does not name the operation: \(err)")
        if let open = err.firstIndex(of: "“"), let close = err[open...].firstIndex(of: "”") {
            let quoted = err[err.index(after: open)..<close]
            #expect(quoted.split(separator: " ").count <= 5, "\(label): quotes \(quoted)")
        }
        #expect(!err.contains("unnest") && !err.contains("$1"), "\(label): \(err)")
    }

    /// The connection to the server is lost while an import writes (an administrator ends its
    /// session): exit 74, a message of one short line naming the import, nothing written.
    @Test func aConnectionLostDuringAnImportIsWordedBriefly() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        #expect(try loans("--db", url, "add", "First", "--to", "Ann", "--due", "+1d").status == 0)
        let file = loans.folder + "/big.json"
        try document(150_000).write(toFile: file, atomically: false, encoding: .utf8)
        let importing = try Subprocess(BinaryHarness.binary, ["--db", url, "import", "--renumber", file], environment: loans.environment, mergeErrors: true)
        defer { importing.stop() }
        // Only a session whose transaction has written (it holds a transaction id): a session
        // still connecting runs reads of its own, and ending one of those is a lost connection.
        let writing = """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = '\(database)' AND pid <> pg_backend_pid() AND backend_type = 'client backend'
                AND application_name LIKE 'loans %' AND backend_xid IS NOT NULL
            """
        #expect(eventually(patience: 120) { (try? server.psql(database, writing))?.contains("t") == true || !importing.isRunning },
                "the import never wrote")
        let (code, output) = importing.finish(patience: 60)
        #expect(code == 74, "\(String(describing: code)): \(output.prefix(300))")
        check(output, "PostgreSQL")
        #expect(try server.psql(database, "SELECT count(*) FROM loans.loan") == "1")
    }

    /// SQLite: the file may grow no further (a file-size limit) while an import writes.
    @Test func aFullDiskDuringAnImportIsWordedBriefly() throws {
        defer { loans.remove() }
        let file = loans.folder + "/big.json"
        try document(20_000).write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try loans("add", "First", "--to", "Ann", "--due", "+1d").status == 0)
        let run = try loans.shell("ulimit -f 600 && loans import --renumber '\(file)'")
        #expect(run.status == 74, "\(run.status): \(run.err.prefix(300))")
        check(run.err, "SQLite")
        #expect(try loans("list", "--all").out.split(separator: "\n").count == 1)
    }
}
