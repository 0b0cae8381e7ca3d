/// How a front that keeps running (the TUI, `--watch`) reaches the loans: a reader and a writer,
/// each opened when first needed and kept while they stay good — opened again only once the
/// store may have been replaced under them (a database made or replaced, a server that went away)
/// or after a failure. The composition root implements it over the real stores.
package protocol LoanStores: AnyObject {
    /// The store to read from (a database that does not exist yet reads as empty).
    func reader() throws -> any LoanReading

    /// The store to write to, opened for writing when first needed.
    func writer() throws -> any LoanWriting
}

/// What woke a front that keeps running.
package enum AgendaWake: Hashable, Sendable {
    /// The answer may have changed: someone wrote to the store, or a new civil day began.
    case answerMayHaveChanged
    /// The front's input has something to read, or hung up.
    case input
    /// The terminal the front reads may have changed size (it was resized, or the process went
    /// on after a stop): the front looks at the size again.
    case resized
    /// Nobody reads the front's output any more (a closed pipe, a hung-up terminal).
    case outputClosed
    /// The time the front allowed passed with nothing to report.
    case timeout
}

/// The live-agenda port: tells a front that keeps running when its answer may have changed, so
/// it reads again only then and sleeps otherwise. One wake loop implements it for every store
/// (each engine adds how it learns of a write); fronts only wait on it, one front per loop.
package protocol AgendaChanges: AnyObject {
    /// Blocks until the answer may have changed, `input` (when given) becomes readable — or,
    /// when it is a terminal, changes size — `output` (when given) loses its reader, or
    /// `timeoutMilliseconds` (when given) pass.
    func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake
}

/// The live-agenda port for many listeners at once (a server's open pages, each on a thread of
/// its own): one watcher publishes each change as a new generation; a listener waits for a
/// generation newer than the last it showed, so it misses no change and sleeps through none.
package protocol AgendaFeed: AnyObject, Sendable {
    /// How many changes were published so far.
    var generation: UInt64 { get }

    /// Blocks until a generation newer than `seen` is published or `timeoutMilliseconds` (when
    /// given) pass; returns the newest generation (`seen` itself when the time ran out).
    func wait(after seen: UInt64, timeoutMilliseconds: Int?) -> UInt64
}
