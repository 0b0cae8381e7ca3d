import LoansSystem

/// What an engine adds to the wake loop: the descriptors that tell it of another process's
/// write (inotify on a database's files, a connection that listens on a server) and what they
/// mean once ready. The loop waits on every source's descriptors at once, beside its own (the
/// front's input and output, the terminal's resizes, the midnight timer, the zone file); a
/// source never waits itself, so no two waits can disagree about signals or deadlines.
package protocol WakeSource: AnyObject {
    /// What to wait on now, and when to be asked again even if none of it is ready.
    func interest(now: Int) -> WakeInterest

    /// Called after every wait with what was ready (a source looks at its own descriptors only)
    /// and the time: what the source learnt. Never blocks.
    func handle(_ ready: Readiness, now: Int) -> WakeNews
}

/// The descriptors a source waits on, each with the events it waits for, and the moment
/// (monotonic milliseconds) its `handle` wants to run even if none is ready: a retry, a
/// connection's deadline, a look at files where inotify is refused; nil for only when one is.
package struct WakeInterest {
    package var descriptors: [(FileDescriptor, PollEvents)]
    package var askAgainAt: Int?

    package init(_ descriptors: [(FileDescriptor, PollEvents)], askAgainAt: Int? = nil) {
        self.descriptors = descriptors
        self.askAgainAt = askAgainAt
    }
}

/// What a source learnt from a wait, in increasing order of what it asks of the front.
package enum WakeNews: Comparable, Sendable {
    /// Nothing that changes the answer: an event on a name that does not count, a connection
    /// attempt under way.
    case nothing
    /// The answer may have changed: someone wrote.
    case changed
    /// The store itself may be another one now — a database file made, replaced or removed, a
    /// server's connection lost or made again: connections opened before are to be opened again
    /// (and the answer may have changed).
    case replaced
}

/// A store engine a front that keeps running can watch: it gives the wake loop its source (how
/// this engine learns of another process's write). Core's `StoreEngine` knows nothing of the wake
/// loop, so an engine the composition root can watch conforms to both.
package protocol WatchedStore: AnyObject {
    func wakeSource() -> any WakeSource
}
