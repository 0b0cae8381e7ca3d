import LoansCore

/// A run that gave up waiting for the reminders' lock, in words for the command line (after
/// `loans: `; instants in UTC): what it waited for and how long, who holds the lock as far as the
/// store can tell, and that nothing was sent. Text from the store (who, an application name) is
/// quoted, so a note another user wrote cannot drive the terminal.
package enum LockBusyText {
    /// `another run held the reminders' lock of database "/home/alice/loans.db" for all of 30 s
    /// (process 4242 of "alice@laptop", since 2026-11-29T08:00:00Z); nothing was sent or
    /// recorded: try again later`.
    package static func message(_ busy: ReminderLockBusy) -> String {
        let holder = busy.holder.map { " (\(words($0)))" } ?? ""
        return "another run held the reminders' lock of \(busy.store) for all of \(duration(busy.waitedMilliseconds))\(holder); nothing was sent or recorded: try again later"
    }

    private static func words(_ holder: ReminderLockHolder) -> String {
        switch holder {
        case .process(let id, let who, let since, let stopped):
            return "process \(id) of \(Quoted(who))" + (since.map { ", since \($0)" } ?? "")
                + (stopped ? "; it is stopped (Ctrl-Z?): resume it with fg, or end it" : "")
        case .session(let process, let role, let application, let since):
            return "PostgreSQL server process \(process), role \(Quoted(role))" + (application.map { ", application \(Quoted($0))" } ?? "")
                + (since.map { ", since \($0)" } ?? "")
        }
    }

    /// `30 s`, or `200 ms` for a wait of less than whole seconds.
    private static func duration(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
