import LoansCore
import LoansText

/// What the web front needs from the composition root, and nothing more: readers for many
/// requests at once, the store's sign-ins, a password checker and the queue it runs on, writers
/// that record a person's changes under their web name, the calendar feed (written by the calendar front, which this front may not import),
/// the clock, the due-soon window, the address people reach the server at and the name the
/// store's owner goes by on a share link's page.
package struct WebServices: Sendable {
    package var readers: any LoanReaderPool
    /// Readers for the documents written over time (the API's, the calendar feed): a pool of
    /// their own, so a page, whose reader a worker thread waits for, never waits for one that a
    /// document holds until that same worker sends its bytes (with every reader held so, the
    /// server stood still). `readers` unless the composition root gives another.
    package var documentReaders: any LoanReaderPool
    package var signIns: any SignInStore
    /// Checks the passwords of sign-ins (Argon2id, loaded by the composition root).
    package var passwords: any PasswordHashing
    /// Where those checks run: off the request threads, a few at once (`PasswordChecks`).
    package var passwordChecks: any PasswordChecks
    /// Writers for many people's changes at once, each write as its person: the history gives
    /// them to `NAME@web` (`author`; on a server also the database role), so undo on the web
    /// undoes that person's changes.
    package var writers: any LoanWriterPool
    /// Writes the iCalendar feed a query asks for (every open loan of a reader, or one person's
    /// share) into a sink.
    package var calendar: @Sendable (CalendarFeedQuery, any ByteSink) throws -> Void
    /// The moment now: the day (fixed by `--today`, else the clock's) and the UTC instant.
    package var now: @Sendable () -> Now
    /// An instant on the server's wall clock (the history's times).
    package var wallTime: @Sendable (UTCTimestamp) -> WallTime
    package var window: DueWindow
    package var base: WebBaseURL
    /// Who "you" deal with on a share link's page ("You borrowed The Hobbit from Sam"): the
    /// store's owner, by the name the composition root gives.
    package var owner: String
    /// Whether the composition root tells the front of every change in the store (its watcher
    /// calls `LiveUpdates.changed()`): only then may the front keep the lists it made until the
    /// next change (`PageCache`).
    package var watchesChanges = false

    package init(
        readers: any LoanReaderPool, signIns: any SignInStore, passwords: any PasswordHashing, passwordChecks: any PasswordChecks,
        writers: any LoanWriterPool,
        calendar: @escaping @Sendable (CalendarFeedQuery, any ByteSink) throws -> Void, now: @escaping @Sendable () -> Now,
        wallTime: @escaping @Sendable (UTCTimestamp) -> WallTime, window: DueWindow, base: WebBaseURL, owner: String
    ) {
        self.readers = readers
        documentReaders = readers
        self.signIns = signIns
        self.passwords = passwords
        self.passwordChecks = passwordChecks
        self.writers = writers
        self.calendar = calendar
        self.now = now
        self.wallTime = wallTime
        self.window = window
        self.base = base
        self.owner = owner
    }

    /// The name the history gives a person's changes on the web.
    package static func author(_ person: SignedIn) -> String {
        "\(person.name)@web"
    }
}
