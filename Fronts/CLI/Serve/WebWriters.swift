import LoansAdapters
import LoansCore
import LoansWeb

/// Writers for the people signed in on the web: the engine's pool (`LoanWriterPool`: the store
/// opened, checked and upgraded once, not for each write), each write as its person — the history
/// names the change `NAME@web` (on PostgreSQL `NAME@web as ROLE`, the database role beside it, as
/// the command line's changes are named), so undo on the web finds that person's changes. The
/// on-change hook runs after each write that changed something, once it is committed, as it does
/// for the command line's.
final class WebWriters: LoanWriterPool {
    private let pool: any LoanWriterPool
    private let hook: ChangeHook

    init(_ pool: any LoanWriterPool, hook: ChangeHook) {
        self.pool = pool
        self.hook = hook
    }

    func write<T>(as who: String, _ body: (any LoanWriting) throws -> T) throws -> T {
        try pool.write(as: who) { store in
            store.onCommit { [hook] in hook.fire() }
            return try body(store)
        }
    }
}

/// The run's `Today`, shared by the request threads: a clock is a reading of the system's, with
/// no state of its own (the tests' stopped clock is a constant), so reading it from several
/// threads at once is safe.
final class SharedToday: @unchecked Sendable {
    let today: Today

    init(_ today: Today) {
        self.today = today
    }
}
