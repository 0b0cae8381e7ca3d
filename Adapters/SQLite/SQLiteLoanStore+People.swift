import LoansCore

/// The contacts' read side: every contact or those with an address, by key (the folded name, in
/// the byte order SQLite compares text in), one contact, the counterparties' tallies, and a
/// change's contacts. A file of a schema from before contacts has none.
extension SQLiteLoanStore {
    func people(_ visit: (Person) throws -> Void) throws {
        try eachPerson("SELECT folded_name, name, email FROM person ORDER BY folded_name", visit)
    }

    func peopleWithAddress(_ visit: (Person) throws -> Void) throws {
        try eachPerson("SELECT folded_name, name, email FROM person WHERE email IS NOT NULL ORDER BY folded_name", visit)
    }

    func person(_ key: PersonKey) throws -> Person? {
        guard try keepsPeople() else { return nil }
        let statement = try sqlite { try connection.statement("SELECT name, email FROM person WHERE folded_name = ?1") }
        try sqlite { try statement.bind([.text(key.folded)]) }
        defer { statement.reset() }
        return try sqlite { try statement.step() } ? try PersonRow.decode(statement, fieldsFrom: 0, key: key.folded) : nil
    }

    func counterpartyTallies(_ visit: (CounterpartyTally) throws -> Void) throws {
        let statement = try sqlite {
            try connection.statement("SELECT counterparty, count(*), sum(returned_on IS NULL), min(id) FROM loan GROUP BY counterparty")
        }
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            guard statement.isText(0), let name = String(validating: statement.bytes(0), as: UTF8.self) else {
                throw StoreError(.unavailable, "loan \(statement.int64(3)) has a malformed counterparty in the database")
            }
            try visit(CounterpartyTally(name: name, loans: Int(statement.int64(1)), openLoans: Int(statement.int64(2))))
        }
    }

    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws {
        guard try keepsPeople() else { return }
        let statement = try sqlite {
            try connection.statement("SELECT \(PersonRow.deltaColumns) FROM change_person WHERE change_id = ?1 ORDER BY folded_name")
        }
        try sqlite { try statement.bind([.integer(change.rawValue)]) }
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            let key = statement.string(0) ?? ""
            let before = statement.int64(1) == 0 ? nil : try PersonRow.decode(statement, fieldsFrom: 2, key: key)
            let after = statement.int64(4) == 0 ? nil : try PersonRow.decode(statement, fieldsFrom: 5, key: key)
            try visit(PersonDelta(key: PersonKey(folded: key), before: before, after: after))
        }
    }

    /// Each contact `sql` selects (key, name, address).
    private func eachPerson(_ sql: String, _ visit: (Person) throws -> Void) throws {
        guard try keepsPeople() else { return }
        let statement = try sqlite { try connection.statement(sql) }
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            try visit(try PersonRow.decode(statement, fieldsFrom: 1, key: statement.string(0) ?? ""))
        }
    }

    /// Whether the file has the contacts' tables (a reader may open a file of an older schema,
    /// which a first write upgrades).
    private func keepsPeople() throws -> Bool {
        try sqlite { try connection.integerPragma("user_version") >= Migrations.peopleVersion }
    }
}
