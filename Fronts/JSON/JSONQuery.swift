/// What `loans json` is asked for: the agenda (default), one group, or every loan.
public enum JSONQuery: String, CaseIterable, Sendable {
    case agenda
    case overdue
    case dueSoon = "due-soon"
    case all

    /// The queries as typed, for messages.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
