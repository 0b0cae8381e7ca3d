import LoansCore

/// The memory store's contacts: read by key, written by a change like its loans, each write
/// recorded in the change with the contact before and after.
extension MemoryStore {
    package func people(_ visit: (Person) throws -> Void) throws {
        try check()
        for person in people.values.sorted(by: { $0.key < $1.key }) { try visit(person) }
    }

    package func person(_ key: PersonKey) throws -> Person? {
        try check()
        return people[key]
    }

    package func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws {
        try check()
        guard let index = index(of: change) else { return }
        for delta in changes[index].people.values.sorted(by: { $0.key < $1.key }) { try visit(delta) }
    }
}

extension MemoryChangeWriter {
    func person(_ key: PersonKey) throws -> Person? { people[key] }

    func setPerson(_ person: Person) throws {
        people[person.key] = person
        if adoptedChanges.isEmpty { record(person.key, after: person) }
    }

    func removePerson(_ key: PersonKey) throws {
        people[key] = nil
        record(key, after: nil)
    }

    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws {
        try store.personDeltas(of: change, visit)
    }

    func newestChange(touching key: PersonKey, after change: ChangeID) throws -> Change? {
        store.changes.last { $0.change.id > change && $0.people[key] != nil }.map(store.stamped)
    }

    func adopt(_ delta: PersonDelta) throws {
        guard !adoptedChanges.isEmpty else { throw StoreError(.unavailable, "a change's contact came before its change") }
        adoptedChanges[adoptedChanges.count - 1].people[delta.key] = delta
    }

    private func record(_ key: PersonKey, after: Person?) {
        let before = personDeltas[key].map(\.before) ?? store.people[key]
        personDeltas[key] = PersonDelta(key: key, before: before, after: after)
    }
}
