import LoansCore

/// Short ways for tests to put loans into any store, each one change as the port records it
/// (the product writes through Core's use cases instead).
extension LoanWriting {
    /// Adds a loan as an `add` change and returns its id.
    @discardableResult
    package func add(_ draft: LoanDraft) throws -> LoanID {
        let loan = Loan(
            id: LoanID(0), title: draft.title, direction: draft.direction, counterparty: draft.counterparty,
            lentOn: draft.lentOn, dueOn: draft.dueOn, note: draft.note
        )
        return try change(.add) { try $0.insertNew(loan).id }
    }

    /// Stores these loans with their own ids, and these contacts, as one `import` change.
    package func seed(_ loans: [Loan], people: [Person] = []) throws {
        try change(.importDocument) { writer in
            for loan in loans { try writer.insert(loan) }
            for person in people { try writer.setPerson(person) }
        }
    }

    /// Removes a loan as a `remove` change; false when there was none.
    @discardableResult
    package func remove(_ id: LoanID) throws -> Bool {
        try change(.remove) { writer in
            guard let loan = try writer.loan(id) else { return false }
            try writer.delete(loan)
            return true
        }
    }
}

extension Author {
    /// The author tests write as, with a stopped clock.
    package static var tester: Author {
        Author(
            name: "tester@test",
            clock: StoppedClock(Now(today: Sample.today, utc: UTCTimestamp(date: Sample.today, hour: 12, minute: 0, second: 0)))
        )
    }
}

extension HistoryReading {
    /// The history newest first, as an array.
    package func history(of loan: LoanID?, limit: Int?) throws -> [Change] {
        var changes: [Change] = []
        try history(of: loan, limit: limit) { changes.append($0) }
        return changes
    }
}
