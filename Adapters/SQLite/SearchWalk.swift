import LoansCore

/// One open loan met by a search walk: its key, whether it matches, and the loan when the walk
/// read it (an index row carries only its key).
struct SearchRow {
    let key: DueOrderKey
    let matched: Bool
    let loan: Loan?
}

/// A walk over one statement's rows, kept one row ahead so that walks can be merged in order.
final class SearchWalk {
    private let statement: Statement
    private let store: SQLiteLoanStore
    private let decode: (Statement) throws -> SearchRow
    private(set) var head: SearchRow?

    init(_ statement: Statement, store: SQLiteLoanStore, decode: @escaping (Statement) throws -> SearchRow) throws {
        self.statement = statement
        self.store = store
        self.decode = decode
        try advance()
    }

    deinit {
        statement.reset()
    }

    private func advance() throws {
        head = try store.sqlite { try statement.step() } ? try decode(statement) : nil
    }

    /// The next row of all `walks` together: the smallest head (the largest when `descending`).
    static func next(of walks: [SearchWalk], descending: Bool) throws -> SearchRow? {
        var chosen: SearchWalk?
        for walk in walks {
            guard let head = walk.head else { continue }
            guard let best = chosen?.head else {
                chosen = walk
                continue
            }
            if descending ? head.key > best.key : head.key < best.key { chosen = walk }
        }
        guard let chosen, let row = chosen.head else { return nil }
        try chosen.advance()
        return row
    }
}
