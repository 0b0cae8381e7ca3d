import LoansCore

/// How a contact maps to the columns of `person` and `change_person`: its name and address, read
/// back by the rules of a contact. A value loans could not have written (edited by hand, say) is
/// reported as `the contact "…" has a malformed COLUMN in the database`, never repaired or
/// skipped.
enum PersonRow {
    /// Decodes the contact whose name and address stand in the two columns from `first`; `key`
    /// names it in a message.
    static func decode(_ statement: Statement, fieldsFrom first: Int32, key: String) throws(StoreError) -> Person {
        guard statement.isText(first), let name = String(validating: statement.bytes(first), as: UTF8.self) else {
            throw malformed(key, "name")
        }
        guard !statement.isNull(first + 1) else { return Person(name: name) }
        guard statement.isText(first + 1), let text = String(validating: statement.bytes(first + 1), as: UTF8.self),
              let email = try? EmailAddress(parsing: text)
        else { throw malformed(key, "email") }
        return Person(name: name, email: email)
    }

    /// A state in a change's record: a presence flag, the name and the address (NULL when absent).
    static func stateParameters(_ person: Person?) -> [SQLiteValue] {
        [.integer(person == nil ? 0 : 1), .text(person?.name), .text(person?.email?.text)]
    }

    /// A change's copy of a contact in reading order: the key, then before and after (a presence
    /// flag, the name and the address each).
    static let deltaColumns = "folded_name, before_present, before_name, before_email, after_present, after_name, after_email"

    static func malformed(_ key: String, _ column: String) -> StoreError {
        StoreError(.unavailable, "the contact \(Quoted(key)) has a malformed \(column) in the database")
    }
}
