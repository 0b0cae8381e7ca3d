/// A storage failure, in terms the command line maps to exit codes.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure, which decides the exit code.
    public enum Kind: Equatable, Sendable {
        /// Cannot be opened, read or written: corrupt, foreign, unreadable, full, locked (74).
        case unavailable
        /// Written by a newer version of loans (75).
        case newerVersion
        /// The data source is read-only (a fixture) and a write was asked (1).
        case readOnly
        /// The largest id loans can give is taken: no new loan can be added (1).
        case idsExhausted
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
