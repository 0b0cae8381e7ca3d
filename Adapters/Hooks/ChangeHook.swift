import Glibc
import LoansCore

/// The user's refresh hook: `$XDG_CONFIG_HOME/loans/on-change` (else `~/.config/loans/on-change`),
/// run after every successful write so a status bar can refresh at once
/// (`pkill -RTMIN+N i3blocks`, `tmux refresh-client -S`). It is started detached, with no
/// arguments and loans' own environment: no loan data ever reaches it. A missing,
/// non-executable or failing hook never fails the write.
package struct ChangeHook: Sendable {
    /// The hook's path; nil when no configuration folder can be named.
    package let path: SystemPath?

    /// The hook named by the environment; `variable` gives a variable's bytes.
    package init(variable: (String) -> [UInt8]?) {
        if let config = variable("XDG_CONFIG_HOME"), config.first == UInt8(ascii: "/"), let folder = SystemPath(bytes: config) {
            path = folder.appending("/loans/on-change")
        } else if let home = variable("HOME"), home.first == UInt8(ascii: "/"), let folder = SystemPath(bytes: home) {
            path = folder.appending("/.config/loans/on-change")
        } else {
            path = nil
        }
    }

    /// Starts the hook if it exists and is executable; never waits for it.
    package func fire() {
        guard let path, path.withCString({ access($0, X_OK) }) == 0, (try? FileStatus(path))?.kind == .regular else { return }
        DetachedChildren.shared.reapFinished()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let started = path.withCString { program in
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), nil]
            defer { argv.forEach { free($0) } }
            // A session of its own: a terminal's signals never reach the hook.
            return try? CleanSpawn(apart: .session).spawn(program, &actions, arguments: argv, environment: environ)
        }
        if let started { DetachedChildren.shared.add(started) }
    }
}

/// A store that fires the change hook after each write that succeeded.
package final class HookedLoanStore: LoanWriting {
    let base: any LoanWriting
    let fire: () -> Void

    package convenience init(_ base: any LoanWriting, hook: ChangeHook) {
        self.init(base) { hook.fire() }
    }

    /// Runs `afterEachWrite` in the hook's place: for a writer that fires the hook itself once
    /// its writes can be seen (a new database built aside, after it took its name).
    package init(_ base: any LoanWriting, afterEachWrite: @escaping () -> Void) {
        self.base = base
        fire = afterEachWrite
    }

    package func snapshot<T>(_ body: () throws -> T) throws -> T { try base.snapshot(body) }
    package func loan(_ id: LoanID) throws -> Loan? { try base.loan(id) }
    package func countOpenLoans(due range: DueRange) throws -> Int { try base.countOpenLoans(due: range) }

    package func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {
        try base.loans(selection, visit)
    }

    package func loans(_ selection: LoanSelection, containing text: SearchText, _ visit: (Loan) throws -> Void) throws {
        try base.loans(selection, containing: text, visit)
    }

    package func openLoans(
        due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        try base.openLoans(due: range, beyond: key, descending: descending, limit: limit, visit)
    }

    package func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        try base.searchOpenLoans(text, due: range, beyond: key, descending: descending, limit: limit, visit)
    }

    package func returnedLoans(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        try base.returnedLoans(beyond: key, newestFirst: newestFirst, limit: limit, visit)
    }

    package func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws {
        try base.history(of: loan, limit: limit, visit)
    }

    package func historyOldestFirst(_ visit: (Change) throws -> Void) throws { try base.historyOldestFirst(visit) }
    package func change(_ id: ChangeID) throws -> Change? { try base.change(id) }
    package func revision(of loan: LoanID) throws -> LoanRevision? { try base.revision(of: loan) }
    package func databaseIdentity() throws -> String? { try base.databaseIdentity() }

    package func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws {
        try base.deltas(of: change, loan: loan, visit)
    }

    package func people(_ visit: (Person) throws -> Void) throws { try base.people(visit) }
    package func peopleWithAddress(_ visit: (Person) throws -> Void) throws { try base.peopleWithAddress(visit) }
    package func person(_ key: PersonKey) throws -> Person? { try base.person(key) }
    package func counterpartyTallies(_ visit: (CounterpartyTally) throws -> Void) throws { try base.counterpartyTallies(visit) }

    package func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws {
        try base.personDeltas(of: change, visit)
    }

    /// The change, then the hook when it wrote anything (a refused or empty change fires nothing).
    package func change<T>(_ kind: ChangeKind, _ body: (any LoanChangeWriter) throws -> T) throws -> T {
        var wrote = false
        let result = try base.change(kind) { writer in
            try body(WriteNoticing(base: writer) { wrote = true })
        }
        if wrote { fire() }
        return result
    }
}

/// A change writer that notes whether anything was written.
private struct WriteNoticing: LoanChangeWriter {
    let base: any LoanChangeWriter
    let wrote: () -> Void

    func loan(_ id: LoanID) throws -> Loan? { try base.loan(id) }
    func isTaken(_ id: LoanID) throws -> Bool { try base.isTaken(id) }
    func newestUndoable(skipping: Set<ChangeID>) throws -> Change? { try base.newestUndoable(skipping: skipping) }
    func newestRedoable() throws -> Change? { try base.newestRedoable() }
    func newestChange(touching loan: LoanID, after change: ChangeID) throws -> Change? {
        try base.newestChange(touching: loan, after: change)
    }
    func deltas(of change: ChangeID, _ visit: (LoanDelta) throws -> Void) throws { try base.deltas(of: change, visit) }
    func person(_ key: PersonKey) throws -> Person? { try base.person(key) }
    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws { try base.personDeltas(of: change, visit) }
    func newestChange(touching key: PersonKey, after change: ChangeID) throws -> Change? {
        try base.newestChange(touching: key, after: change)
    }

    func setPerson(_ person: Person) throws {
        try base.setPerson(person)
        wrote()
    }

    func removePerson(_ key: PersonKey) throws {
        try base.removePerson(key)
        wrote()
    }

    func adopt(_ delta: PersonDelta) throws { try base.adopt(delta) }

    func insertNew(_ loan: Loan) throws -> Loan {
        defer { wrote() }
        return try base.insertNew(loan)
    }

    func insert(_ loan: Loan) throws {
        try base.insert(loan)
        wrote()
    }

    func update(_ loan: Loan) throws {
        try base.update(loan)
        wrote()
    }

    func delete(_ id: LoanID) throws {
        try base.delete(id)
        wrote()
    }

    func adoptIdentity(_ identity: String) throws -> Bool {
        try base.adoptIdentity(identity)
    }

    func canAdoptHistory() throws -> Bool { try base.canAdoptHistory() }

    func adopt(_ change: Change) throws {
        try base.adopt(change)
        wrote()
    }

    func adopt(_ delta: LoanDelta) throws { try base.adopt(delta) }

    func setUndone(_ change: ChangeID, _ undone: Bool) throws {
        try base.setUndone(change, undone)
    }
}
