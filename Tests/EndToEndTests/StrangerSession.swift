import Foundation
import LoansTestSupport
import Testing

/// A login of the shared server that may connect to the loans' database and do nothing else —
/// no right on the schema `loans`, as any other login of a server can be — in a psql session of
/// its own, kept open and fed SQL line by line: what a stranger can do with the channel loans
/// notifies on (PostgreSQL puts no privilege on LISTEN or NOTIFY).
final class StrangerSession {
    let role: String
    private let psql: Subprocess
    private var asked = 0

    init(_ server: PostgresServer, database: String) throws {
        role = "stranger_" + UUID().uuidString.prefix(8).lowercased()
        try server.psql("postgres", "CREATE ROLE \(role) LOGIN")
        try server.psql("postgres", "GRANT CONNECT ON DATABASE \(database) TO \(role)")
        let session = server.psqlSession(database, role: role)
        psql = try Subprocess(
            session.program, session.arguments + ["-A", "-t"], environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true, takesInput: true
        )
    }

    deinit {
        psql.stop()
    }

    /// Runs `sql` and waits until psql has answered it (and printed the notices that came
    /// meanwhile); returns what it printed for it.
    @discardableResult
    func run(_ sql: String) throws -> String {
        asked += 1
        let mark = "stranger-answered-\(asked)"
        let before = psql.lines.count
        psql.send(sql + "\n\\echo \(mark)\n")
        guard eventually(patience: 30, { psql.lines.contains(mark) || !psql.isRunning }), psql.lines.contains(mark) else {
            throw HarnessError("psql as \(role) never answered \(sql): \(psql.output)")
        }
        return psql.lines[before...].prefix { $0 != mark }.joined(separator: "\n")
    }

    /// The notices psql printed, one line each (`Asynchronous notification "loans" received from
    /// server process with PID N.`, with `with payload "…"` before `received` when one was sent).
    var notices: [String] {
        psql.lines.filter { $0.hasPrefix("Asynchronous notification") }
    }
}
