/// A closed range of due dates, open-ended at the start when `from` is nil.
/// Use cases choose ranges; stores only answer them.
package struct DueRange: Hashable, Sendable {
    package let from: CivilDate?
    package let through: CivilDate

    package init(from: CivilDate?, through: CivilDate) {
        self.from = from
        self.through = through
    }

    /// Whether `date` falls inside the range.
    package func contains(_ date: CivilDate) -> Bool {
        date <= through && (from.map { $0 <= date } ?? true)
    }
}
