/// Who a run connects as, and how it waits for the server. The server shows the user in
/// `pg_stat_activity` as the application name `loans alice@laptop` (unless the user named the
/// application), and the history records it beside the database role.
package struct PostgresClient: Sendable {
    /// How long a run may wait for the server. Connecting is bounded either way, name lookup
    /// included (`ConnectionParameters.connectBudgetSeconds`).
    package enum Waiting: Sendable {
        /// A one-shot run (a command, a bar's poll): each answer within `answerSeconds` too. A wait
        /// that runs out is `StoreError(.timedOut)`, which the run reports and ends with.
        case deadline(answerSeconds: Int)
        /// A run that keeps going (the TUI, `--watch`, a server front): TCP keepalives tell it when
        /// a server has gone away, and an answer may take as long as it takes.
        case keepalive

        /// A one-shot run's waiting: each answer within `ServerDeadline.answerSeconds`.
        package static let oneShot = Waiting.deadline(answerSeconds: ServerDeadline.answerSeconds)
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

    /// How long each answer may take; nil: as long as it takes.
    var answerSeconds: Int? {
        if case .deadline(let seconds) = waiting { return seconds }
        return nil
    }
}
