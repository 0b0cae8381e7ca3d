/// How a run takes the reminders' lock: how long it waits for another run to let go before it
/// gives up (`ReminderLockBusy`), and how long it may hold the lock without a word to the store
/// before a server takes the lock back (a run stopped or a laptop suspended mid-run). A lock
/// the kernel keeps for a process (SQLite's) has no such bound: it lasts while the process does.
package struct ReminderLockTimes: Hashable, Sendable {
    /// How long a run waits for the lock.
    package let waitMilliseconds: Int
    /// How long a holder may stay silent: longer than a delivery may take.
    package let silenceMilliseconds: Int

    package init(waitMilliseconds: Int, silenceMilliseconds: Int) {
        self.waitMilliseconds = waitMilliseconds
        self.silenceMilliseconds = silenceMilliseconds
    }
}

/// Who holds the reminders' lock, as far as the store can tell.
package enum ReminderLockHolder: Hashable, Sendable {
    /// A process, as the lock file says: its id on its machine, who runs it (`alice@laptop`),
    /// since when, and whether it is stopped (Ctrl-Z, SIGSTOP) — known on this machine only.
    case process(id: Int32, who: String, since: UTCTimestamp?, stopped: Bool)
    /// A session on a database server: its server process, its database role, the application
    /// name it gave (`loans alice@laptop`), and since when it holds the lock when the server
    /// tells this role.
    case session(serverProcess: Int32, role: String, application: String?, since: UTCTimestamp?)
}

/// Another run held the reminders' lock for the whole wait: this run gave up without sending or
/// recording anything (the next run tries again). Errors are data: the front words it.
package struct ReminderLockBusy: Error, Hashable, Sendable {
    /// The store as messages name it: `database "/home/alice/loans.db"`.
    package let store: String
    package let waitedMilliseconds: Int
    /// Nil when the store cannot tell (a holder that wrote no note, or one just taking it).
    package let holder: ReminderLockHolder?

    package init(store: String, waitedMilliseconds: Int, holder: ReminderLockHolder?) {
        self.store = store
        self.waitedMilliseconds = waitedMilliseconds
        self.holder = holder
    }
}
