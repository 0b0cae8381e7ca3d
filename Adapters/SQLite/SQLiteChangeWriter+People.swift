import LoansCore

/// The writes of one change to the contacts: each stores or deletes the row of a person's key and
/// records the contact before (first touch) and after (last touch) in `change_person`, in the
/// change's own transaction, as loans are recorded in `change_loan`.
extension SQLiteChangeWriter {
    func person(_ key: PersonKey) throws -> Person? {
        try store.person(key)
    }

    func setPerson(_ person: Person) throws {
        let key = person.key
        let before = try store.person(key)
        let statement = try connection.statement("""
            INSERT INTO person (folded_name, name, email) VALUES (?1, ?2, ?3)
            ON CONFLICT (folded_name) DO UPDATE SET name = excluded.name, email = excluded.email
            """)
        try statement.bind([.text(key.folded), .text(person.name), .text(person.email?.text)])
        try statement.run()
        if adopted == nil { try record(key, before: before, after: person) }
    }

    func removePerson(_ key: PersonKey) throws {
        let before = try store.person(key)
        let statement = try connection.statement("DELETE FROM person WHERE folded_name = ?1")
        try statement.bind([.text(key.folded)])
        try statement.run()
        try record(key, before: before, after: nil)
    }

    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws {
        try store.personDeltas(of: change, visit)
    }

    func newestChange(touching key: PersonKey, after change: ChangeID) throws -> Change? {
        let statement = try connection.statement("""
            SELECT \(SQLiteLoanStore.changeColumns) FROM change
            WHERE id = (SELECT max(change_id) FROM change_person WHERE folded_name = ?1 AND change_id > ?2)
            """)
        try statement.bind([.text(key.folded), .integer(change.rawValue)])
        return try store.first(statement) { _ in true }
    }

    func adopt(_ delta: PersonDelta) throws {
        guard let change = adopted else { throw StoreError(.unavailable, "a change's contact came before its change") }
        let statement = try connection.statement("""
            INSERT INTO change_person (change_id, \(PersonRow.deltaColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        try statement.bind(Self.deltaParameters(change, delta.key, before: delta.before, after: delta.after))
        try statement.run()
    }

    /// Records a contact's states in the change, keeping the state before its first touch.
    private func record(_ key: PersonKey, before: Person?, after: Person?) throws {
        let change = try changeID()
        let statement = try connection.statement("""
            INSERT INTO change_person (change_id, \(PersonRow.deltaColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            ON CONFLICT (change_id, folded_name)
                DO UPDATE SET after_present = excluded.after_present, after_name = excluded.after_name, after_email = excluded.after_email
            """)
        try statement.bind(Self.deltaParameters(change, key, before: before, after: after))
        try statement.run()
    }

    /// The values of a row of `change_person`: the change, the key, the contact before and after.
    private static func deltaParameters(_ change: ChangeID, _ key: PersonKey, before: Person?, after: Person?) -> [SQLiteValue] {
        [.integer(change.rawValue), .text(key.folded)] + PersonRow.stateParameters(before) + PersonRow.stateParameters(after)
    }
}
