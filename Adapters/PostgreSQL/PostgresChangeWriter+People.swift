import LoansCore

/// The writes of one change to the contacts: each stores or deletes the row of a person's key and
/// records the contact before (first touch) and after (last touch) in `loans.change_person`, in
/// the change's own transaction. The first read of a contact holds the contacts' table against
/// other writers of contacts until the change ends (after the loan table's lock every change
/// takes first, so two writers never wait for each other), so what a change read of a contact
/// stays true until it commits — also for a person no row exists for yet.
extension PostgresChangeWriter {
    func person(_ key: PersonKey) throws -> Person? {
        if !holdsPeople {
            try store.postgres { try connection.execute("LOCK TABLE loans.person IN SHARE ROW EXCLUSIVE MODE") }
            holdsPeople = true
        }
        return try store.person(key)
    }

    func setPerson(_ person: Person) throws {
        let key = person.key
        let before = try self.person(key)
        try store.postgres {
            try connection.execute(
                """
                INSERT INTO loans.person (folded_name, name, email) VALUES ($1, $2, $3)
                ON CONFLICT (folded_name) DO UPDATE SET name = excluded.name, email = excluded.email
                """,
                [key.folded, person.name, person.email?.text]
            )
        }
        if adopted == nil { try record(key, before: before, after: person) }
    }

    func removePerson(_ key: PersonKey) throws {
        let before = try person(key)
        try store.postgres { try connection.execute("DELETE FROM loans.person WHERE folded_name = $1", [key.folded]) }
        try record(key, before: before, after: nil)
    }

    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws {
        try store.personDeltas(of: change, visit)
    }

    func newestChange(touching key: PersonKey, after change: ChangeID) throws -> Change? {
        var query = BoundSQL("SELECT \(PostgresLoanStore.changeColumns) FROM loans.change WHERE id = ")
        let (folded, changeID) = (query.bind(key.folded), query.bind(change.description))
        query.append("(SELECT max(change_id) FROM loans.change_person WHERE folded_name = \(folded) AND change_id > \(changeID))")
        return try store.rows(query, store.decodeChange).first
    }

    func adopt(_ delta: PersonDelta) throws {
        guard let change = adopted else { throw StoreError(.unavailable, "a change's contact came before its change") }
        try store.postgres {
            try connection.execute(
                "INSERT INTO loans.change_person (change_id, \(PostgresChangeWriter.personDeltaColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                PostgresChangeWriter.deltaParameters(change, delta.key, before: delta.before, after: delta.after)
            )
        }
    }

    /// Records a contact's states in the change, keeping the state before its first touch.
    private func record(_ key: PersonKey, before: Person?, after: Person?) throws {
        let change = try changeID()
        try store.postgres {
            try connection.execute(
                """
                INSERT INTO loans.change_person (change_id, \(PostgresChangeWriter.personDeltaColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                ON CONFLICT (change_id, folded_name)
                    DO UPDATE SET after_present = excluded.after_present, after_name = excluded.after_name, after_email = excluded.after_email
                """,
                PostgresChangeWriter.deltaParameters(change, key, before: before, after: after)
            )
        }
    }

    private static let personDeltaColumns = "folded_name, before_present, before_name, before_email, after_present, after_name, after_email"

    private static func deltaParameters(_ change: ChangeID, _ key: PersonKey, before: Person?, after: Person?) -> [String?] {
        [change.description, key.folded] + [before, after].flatMap { person -> [String?] in
            [person == nil ? "f" : "t", person?.name, person?.email?.text]
        }
    }
}
