/// How far a loan's history goes: how many changes touched it and when the newest was made.
/// A calendar feed numbers an event's versions by it (a renewal moves the event; it does not
/// make a new one).
package struct LoanRevision: Hashable, Sendable {
    /// Changes that touched the loan (undo and redo included); it only grows.
    package let changeCount: Int
    /// When the newest of them was made (UTC).
    package let lastChanged: UTCTimestamp

    package init(changeCount: Int, lastChanged: UTCTimestamp) {
        self.changeCount = changeCount
        self.lastChanged = lastChanged
    }
}
