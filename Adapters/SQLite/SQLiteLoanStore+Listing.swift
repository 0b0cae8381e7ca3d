import LoansCore

/// Searching a selection in id order (`loans list --search`), from the search index.
///
/// The open loans come from `loan_search`: the FTS5 phrase chosen for the text (`searchPhrase`),
/// its rows checked against the whole text as `searchOpenLoans` checks them, turned into loan
/// ids in a subquery — SQLite walks an `IN` list in order, so the matches come out by id with
/// nothing sorted but their ids. The index holds open loans only, under ids below 2^41; the open
/// loans with larger ids and the returned loans are read in id order and checked here with
/// Core's `SearchText.matches` (the returned ones through their own index, so the cost follows
/// the returned loans, not the table). The walks are merged by id. A text too short for the
/// index, or a database without it (an older schema), is checked loan by loan.
extension SQLiteLoanStore {
    func loans(_ selection: LoanSelection, containing text: SearchText, _ visit: (Loan) throws -> Void) throws {
        guard text.isIndexed, try hasSearchIndex() else {
            return try loans(selection) { loan in
                if text.matches(loan) { try visit(loan) }
            }
        }
        try snapshot {
            var walks: [IDOrderedWalk] = []
            if selection != .returned {
                walks.append(try IDOrderedWalk(try indexedMatches(text), store: self, check: nil))
                let big = "SELECT \(LoanRow.columns) FROM loan WHERE id >= \(SearchKey.firstUnpackedID) AND returned_on IS NULL ORDER BY id"
                walks.append(try IDOrderedWalk(try sqlite { try connection.statement(big) }, store: self, check: text))
            }
            if selection != .open {
                let returned = """
                    SELECT \(LoanRow.columns) FROM loan WHERE id IN (SELECT id FROM loan WHERE returned_on IS NOT NULL) ORDER BY id
                    """
                walks.append(try IDOrderedWalk(try sqlite { try connection.statement(returned) }, store: self, check: text))
            }
            while true {
                var next: (walk: IDOrderedWalk, loan: Loan)?
                for walk in walks {
                    if let head = walk.head, next.map({ head.id < $0.loan.id }) ?? true { next = (walk, head) }
                }
                guard let (walk, loan) = next else { return }
                try walk.advance()
                try visit(loan)
            }
        }
    }

    /// The open loans the index finds for an indexed text, by id.
    private func indexedMatches(_ text: SearchText) throws -> Statement {
        let phrase = try searchPhrase(text.folded)
        let check = phrase.whole ? "" : """
             AND (instr(loan_search.title, ?2) > 0 OR instr(loan_search.counterparty, ?2) > 0
                 OR instr(loan_search.note, ?2) > 0)
            """
        return try sqlite {
            let statement = try connection.statement("""
                SELECT \(LoanRow.columns) FROM loan WHERE id IN (
                    SELECT loan_search.rowid & \(SearchKey.idMask) FROM loan_search WHERE loan_search MATCH ?1\(check)
                ) ORDER BY id
                """)
            try statement.bind([.text(phrase.query)] + (phrase.whole ? [] : [.text(text.folded)]))
            return statement
        }
    }
}

/// One statement's loans in id order, kept one ahead so that walks can be merged by id; with a
/// `check`, only the loans that contain its text.
final class IDOrderedWalk {
    private let statement: Statement
    private let store: SQLiteLoanStore
    private let check: SearchText?
    private(set) var head: Loan?

    init(_ statement: Statement, store: SQLiteLoanStore, check: SearchText?) throws {
        self.statement = statement
        self.store = store
        self.check = check
        try advance()
    }

    deinit {
        statement.reset()
    }

    func advance() throws {
        while try store.sqlite({ try statement.step() }) {
            let loan = try LoanRow.decode(statement)
            if check?.matches(loan) ?? true {
                head = loan
                return
            }
        }
        head = nil
    }
}
