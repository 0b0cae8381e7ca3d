/// A closed range of due dates, open-ended at the start when `from` is nil.
/// Use cases choose ranges; stores only answer them.
public struct DueRange: Hashable, Sendable {
    public let from: CivilDate?
    public let through: CivilDate

    public init(from: CivilDate?, through: CivilDate) {
        self.from = from
        self.through = through
    }

    /// Whether `date` falls inside the range.
    public func contains(_ date: CivilDate) -> Bool {
        date <= through && (from.map { $0 <= date } ?? true)
    }
}
