import Glibc
import LoansCore

/// An in-memory store for tests of the use cases and the fronts: answers Core's bounded
/// questions from a sorted list, writes at once, and lets a test see and steer what happens —
/// how many loans range walks handed out, whether anyone listed whole tables, and a failure
/// every call then throws (an unreadable database).
package final class MemoryStore: LoanWriting {
    package internal(set) var rows: [LoanID: Loan] = [:]
    /// The contacts, by key.
    package internal(set) var people: [PersonKey: Person] = [:]
    var ordered: [Loan]?
    /// The history, oldest first.
    var changes: [MemoryChange] = []
    /// Every id a loan ever had, so none is given twice.
    var used: Set<LoanID> = []
    /// Who this store records changes as; a test changes it to act as someone else.
    package var author = "tester@test"
    /// What runs after each change that wrote something (`onCommit`).
    var commitActions: [() -> Void] = []
    /// The instant changes are stamped with.
    package var clock = UTCTimestamp(date: CivilDate(iso: "2026-11-29")!, hour: 12, minute: 0, second: 0)
    /// Loans handed out by walks (open, searched or returned), since the test last set it.
    package var visited = 0
    /// Calls that listed whole selections (`loans(_:)`); an agenda must not need them.
    package private(set) var fullScans = 0
    /// When set, every call throws it (after `callsBeforeFailure` more calls, when that is set).
    package var failure: StoreError? {
        didSet { callsBeforeFailure = nil }
    }
    /// How many calls still succeed before `failure` is thrown: a read that fails part of the way.
    private var callsBeforeFailure: Int?
    /// The store's identity, as a database's random one.
    package var identity: String? = "0123456789abcdef0123456789abcdef"
    /// Reminders sent: per recipient and key, each level (in days) with the earliest day it was sent for.
    var reminded: [ReminderRecipient: [ReminderKey: [Int: CivilDate]]] = [:]
    /// The instant each of those was recorded (again only when sent for an earlier day), as a
    /// database's `sent_at`.
    var remindedAt: [ReminderRecipient: [ReminderKey: [Int: UTCTimestamp]]] = [:]
    /// Who holds the reminders' lock (the author when it was taken), while it is held.
    var reminderHolder: String?
    /// Held while a reminders run decides, delivers and records.
    let reminderLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// A store holding `loans` and `people` from the start, with no history of them.
    package init(loans: [Loan] = [], people: [Person] = []) {
        for loan in loans { rows[loan.id] = loan }
        for person in people { self.people[person.key] = person }
        used = Set(rows.keys)
    }

    private var openByDue: [Loan] {
        if let ordered { return ordered }
        let sorted = rows.values.filter(\.isOpen).sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
        ordered = sorted
        return sorted
    }

    /// From the call after the next `calls` calls on, every call throws `error` (as an outage
    /// in the middle of a read).
    package func fail(_ error: StoreError, afterCalls calls: Int) {
        failure = error
        callsBeforeFailure = calls
    }

    func check() throws {
        guard let failure else { return }
        if let left = callsBeforeFailure, left > 0 {
            callsBeforeFailure = left - 1
            return
        }
        throw failure
    }

    package func snapshot<T>(_ body: () throws -> T) throws -> T {
        try check()
        return try body()
    }

    package func loan(_ id: LoanID) throws -> Loan? {
        try check()
        return rows[id]
    }

    package func countOpenLoans(due range: DueRange) throws -> Int {
        try check()
        return openByDue.lazy.filter { range.contains($0.dueOn) }.count
    }

    package func openLoans(
        due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        try check()
        for loan in walk(range, beyond: key, descending: descending).prefix(limit ?? Int.max) {
            visited += 1
            try visit(loan)
        }
    }

    package func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        try check()
        return try text.walk(walk(range, beyond: key, descending: descending), limit: limit) { loan in
            visited += 1
            try visit(loan)
        }
    }

    package func returnedLoans(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        try check()
        let returned = rows.values.compactMap { loan in ReturnOrderKey(loan).map { (loan, $0) } }
            .sorted { newestFirst ? $0.1 > $1.1 : $0.1 < $1.1 }
            .filter { _, own in key.map { newestFirst ? own < $0 : own > $0 } ?? true }
        for (loan, _) in returned.prefix(limit ?? Int.max) {
            visited += 1
            try visit(loan)
        }
    }

    /// Open loans of `range` strictly beyond `key`, in (due date, id) order or its reverse.
    private func walk(_ range: DueRange, beyond key: DueOrderKey?, descending: Bool) -> [Loan] {
        (descending ? openByDue.reversed() : openByDue).filter { loan in
            guard range.contains(loan.dueOn) else { return false }
            guard let key else { return true }
            return descending ? DueOrderKey(loan) < key : DueOrderKey(loan) > key
        }
    }

    package func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {
        try check()
        fullScans += 1
        for loan in rows.values.sorted(by: { $0.id < $1.id }) where selection == .all || (selection == .open) == loan.isOpen {
            try visit(loan)
        }
    }

    /// The search of a selection, as an index answers it: the matches only, and no full scan.
    package func loans(_ selection: LoanSelection, containing text: SearchText, _ visit: (Loan) throws -> Void) throws {
        try check()
        for loan in rows.values.sorted(by: { $0.id < $1.id })
        where (selection == .all || (selection == .open) == loan.isOpen) && text.matches(loan) {
            visited += 1
            try visit(loan)
        }
    }
}

extension CivilDate {
    /// A date in tests, written as `YYYY-MM-DD`.
    package static func on(_ text: String) -> CivilDate {
        guard let date = CivilDate(iso: text) else { fatalError("bad test date \(text)") }
        return date
    }
}
