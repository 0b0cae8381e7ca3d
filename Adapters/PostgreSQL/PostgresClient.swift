/// Who a run connects as, and how it waits for the server. The server shows the user in
/// `pg_stat_activity` as the application name `loans alice@laptop` (unless the user named the
/// application), and the history records it beside the database role.
package struct PostgresClient: Sendable {
    /// How long a run may wait for the server.
    package enum Waiting: Sendable {
        /// A one-shot run (a command, a bar's poll): every wait for the server is bounded — the
        /// connection, name resolution included, by the connect timeout; each answer by
        /// `ServerDeadline.answerSeconds` — and when one runs out the run ends: a message on
        /// stderr, then as `NoAnswer` says.
        case deadline(NoAnswer)
        /// A run that keeps going (the TUI, `--watch`): TCP keepalives tell it when a server has
        /// gone away, and it carries on (showing the failure) instead of ending.
        case keepalive
    }

    /// How a one-shot run ends when the server does not answer in time, after saying so on
    /// stderr: exit 74 (EX_IOERR), or — for a status bar — its own failure line and exit 0.
    package struct NoAnswer: Sendable {
        package let output: String
        package let status: Int32

        package init(output: String, status: Int32) {
            self.output = output
            self.status = status
        }

        package static let failure = NoAnswer(output: "", status: 74)
    }

    /// The OS user @ host: `alice@laptop`.
    package let user: String
    package let waiting: Waiting

    package init(user: String, waiting: Waiting) {
        self.user = user
        self.waiting = waiting
    }

    /// The application name loans gives itself unless the connection details name one.
    var applicationName: String { "loans \(user)" }
}
