import LoansCore

/// The contacts' read side: every contact or those with an address, by key (the folded name, its
/// bytes compared), a page at a time; one contact; the counterparties' tallies; and a change's
/// contacts. A database of a schema from before contacts has none.
extension PostgresLoanStore {
    static let personColumns = "folded_name, name, email"

    func people(_ visit: (Person) throws -> Void) throws {
        try eachPerson(withAddressOnly: false, visit)
    }

    func peopleWithAddress(_ visit: (Person) throws -> Void) throws {
        try eachPerson(withAddressOnly: true, visit)
    }

    func person(_ key: PersonKey) throws -> Person? {
        guard try keepsContacts() else { return nil }
        var query = BoundSQL("SELECT \(PostgresLoanStore.personColumns) FROM loans.person WHERE folded_name = ")
        query.append(query.bind(key.folded))
        return try rows(query, decodePerson).first
    }

    func counterpartyTallies(_ visit: (CounterpartyTally) throws -> Void) throws {
        let tallies = try rows(BoundSQL("""
            SELECT counterparty, count(*), count(*) FILTER (WHERE returned_on IS NULL) FROM loans.loan GROUP BY counterparty
            """)) { result, row in
            CounterpartyTally(
                name: result.string(row, 0) ?? "", loans: Int(result.int64(row, 1) ?? 0), openLoans: Int(result.int64(row, 2) ?? 0)
            )
        }
        for tally in tallies { try visit(tally) }
    }

    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws {
        guard try keepsContacts() else { return }
        var query = BoundSQL("""
            SELECT folded_name, before_present, before_name, before_email, after_present, after_name, after_email
            FROM loans.change_person WHERE change_id =
            """)
        query.append(" " + query.bind(change.description) + " ORDER BY folded_name")
        let deltas = try rows(query) { result, row throws(StoreError) in
            let key = result.string(row, 0) ?? ""
            return PersonDelta(
                key: PersonKey(folded: key),
                before: result.bool(row, 1) == true ? try PostgresLoanStore.person(result, row: row, from: 2, key: key) : nil,
                after: result.bool(row, 4) == true ? try PostgresLoanStore.person(result, row: row, from: 5, key: key) : nil
            )
        }
        for delta in deltas { try visit(delta) }
    }

    /// Every contact (or those with an address) after the key of the last page's last one.
    private func eachPerson(withAddressOnly: Bool, _ visit: (Person) throws -> Void) throws {
        guard try keepsContacts() else { return }
        var after = ""
        while true {
            var query = BoundSQL("SELECT \(PostgresLoanStore.personColumns) FROM loans.person WHERE folded_name > ")
            query.append(query.bind(after))
            if withAddressOnly { query.append(" AND email IS NOT NULL") }
            query.append(" ORDER BY folded_name LIMIT \(PostgresLoanStore.pageSize)")
            let page = try rows(query) { result, row throws(StoreError) in (result.string(row, 0) ?? "", try decodePerson(result, row)) }
            for (_, person) in page { try visit(person) }
            guard page.count == PostgresLoanStore.pageSize, let last = page.last else { return }
            after = last.0
        }
    }

    /// A row that starts with `personColumns`.
    func decodePerson(_ result: PostgresResult, _ row: Int) throws(StoreError) -> Person {
        try PostgresLoanStore.person(result, row: row, from: 1, key: result.string(row, 0) ?? "")
    }

    /// The contact whose name and address stand in the two columns from `first`; a value loans
    /// could not have written is an error naming `key`.
    static func person(_ result: PostgresResult, row: Int, from first: Int, key: String) throws(StoreError) -> Person {
        guard let name = result.string(row, first) else { throw malformedPerson(key, "name") }
        guard let text = result.string(row, first + 1) else { return Person(name: name) }
        guard let email = try? EmailAddress(parsing: text) else { throw malformedPerson(key, "email") }
        return Person(name: name, email: email)
    }

    private static func malformedPerson(_ key: String, _ column: String) -> StoreError {
        StoreError(.unavailable, "the contact \(Quoted(key)) has a malformed \(column) in the database")
    }

    /// Whether the schema has the contacts' tables; once it has, it keeps them.
    private func keepsContacts() throws -> Bool {
        if peopleTablesSeen { return true }
        peopleTablesSeen = try postgres { try connection.execute("SELECT to_regclass('loans.person') IS NOT NULL").bool(0, 0) == true }
        return peopleTablesSeen
    }
}
