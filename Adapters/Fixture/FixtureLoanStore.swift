import LoansCore
import LoansInterchange

/// A read-only store over loans (and contacts) held in memory: the fixture document of
/// `--fixture` and tests of the fronts, or an empty database that does not exist yet.
package struct FixtureLoanStore: LoanReading {
    private let byID: [Loan]
    private let openByDue: [Loan]
    /// Returned loans, newest return first, then the larger id.
    private let returnedByReturn: [Loan]
    /// The document's `database_id`, when it names one.
    private let databaseID: String?
    /// The document's contacts, by key.
    private let byKey: [Person]

    /// The loans and contacts of a document; they answer exactly as a database holding them would.
    package init(loans: [Loan], people: [Person] = [], databaseID: String? = nil) {
        byID = loans.sorted { $0.id < $1.id }
        openByDue = byID.filter(\.isOpen).sorted { DueOrderKey($0) < DueOrderKey($1) }
        returnedByReturn = byID.compactMap { loan in ReturnOrderKey(loan).map { (loan, $0) } }
            .sorted { $0.1 > $1.1 }.map(\.0)
        self.databaseID = databaseID
        byKey = people.sorted { $0.key < $1.key }
    }

    /// Reads the document at `path` (a window at a time): `InputFileError` when it cannot be
    /// read, `DocumentError` when it is not a valid loans document or is too large.
    package init(contentsOf path: SystemPath) throws {
        let contents = try LoanDocument.contents(of: try InputFile(path).source)
        self.init(loans: contents.loans, people: contents.people, databaseID: contents.databaseID)
    }

    package func snapshot<T>(_ body: () throws -> T) throws -> T {
        try body()
    }

    package func loan(_ id: LoanID) throws -> Loan? {
        byID.first { $0.id == id }
    }

    package func countOpenLoans(due range: DueRange) throws -> Int {
        openByDue.lazy.filter { range.contains($0.dueOn) }.count
    }

    package func openLoans(
        due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        for loan in walk(range, beyond: key, descending: descending).prefix(limit ?? Int.max) {
            try visit(loan)
        }
    }

    package func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        try text.walk(walk(range, beyond: key, descending: descending), limit: limit, visit)
    }

    package func returnedLoans(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        let ordered = newestFirst ? AnySequence(returnedByReturn) : AnySequence(returnedByReturn.reversed())
        let beyond = ordered.lazy.filter { loan in
            guard let key, let own = ReturnOrderKey(loan) else { return true }
            return newestFirst ? own < key : own > key
        }
        for loan in beyond.prefix(limit ?? Int.max) {
            try visit(loan)
        }
    }

    /// Open loans of `range` strictly beyond `key`, in (due date, id) order or its reverse.
    private func walk(_ range: DueRange, beyond key: DueOrderKey?, descending: Bool) -> some Sequence<Loan> {
        let ordered = descending ? AnySequence(openByDue.reversed()) : AnySequence(openByDue)
        return ordered.lazy.filter { loan in
            guard range.contains(loan.dueOn) else { return false }
            guard let key else { return true }
            return descending ? DueOrderKey(loan) < key : DueOrderKey(loan) > key
        }
    }

    package func people(_ visit: (Person) throws -> Void) throws {
        for person in byKey { try visit(person) }
    }

    package func person(_ key: PersonKey) throws -> Person? {
        byKey.first { $0.key == key }
    }

    package func databaseIdentity() throws -> String? { databaseID }

    /// A fixture document holds loans, not their history.
    package var history: (any HistoryReading)? { nil }

    package func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {
        for loan in byID {
            switch selection {
            case .open where !loan.isOpen, .returned where loan.isOpen: continue
            default: try visit(loan)
            }
        }
    }
}

/// A fixture (or a database not made yet) has sent no reminders and records none: a dry run reads
/// it; a run that would send is refused as a write.
extension FixtureLoanStore: ReminderLedger {
    package func exclusively<T>(_ times: ReminderLockTimes, _ body: () throws -> T) throws -> T { try body() }

    package func remindedLevels(to recipient: ReminderRecipient, for keys: [ReminderKey], sentBy today: CivilDate) throws -> [ReminderKey: ReminderLevel] {
        [:]
    }

    package func recordReminded(_ reminders: [SentReminder], to recipient: ReminderRecipient, on today: CivilDate, at instant: UTCTimestamp) throws {
        throw StoreError(.readOnly, "a fixture is read-only; reminders are recorded in a database (--db PATH)")
    }

    package func lastReminded(to recipients: [ReminderRecipient]) throws -> [ReminderRecipient: UTCTimestamp] {
        [:]
    }
}


/// A document never changes under its readers: the store itself is the pool, each request
/// reading the same loans from any thread.
extension FixtureLoanStore: LoanReaderPool {
    package func read<T>(_ body: (any PooledReader) throws -> T) throws -> T {
        try body(self)
    }
}
