import LoansCore

/// Core's refusals in words. Core hands over what happened (the loan, the dates, the change that
/// blocks an undo); most refusals read the same in every front, and where one says what to do
/// next, each front names its own means: the command line its commands and options (`loans undo
/// --skip`), the TUI its keys, the web its pages and buttons — neither the TUI nor the web ever
/// tells a person to run a command.
package enum ErrorText {
    /// Where a message is shown.
    private enum Front {
        case commandLine
        case tui
        case web
    }

    /// A refusal as the command line says it (after `loans: `); instants in UTC.
    package static func commandLine(_ error: LoanCommandError) -> String {
        message(error, .commandLine, wallTime: utc)
    }

    /// A refusal as the TUI says it, with its keys; instants on the local wall clock.
    package static func tui(_ error: LoanCommandError, wallTime: (UTCTimestamp) -> WallTime = utc) -> String {
        message(error, .tui, wallTime: wallTime)
    }

    /// A refusal as the web front says it beside a form: the command line's words, with what to
    /// do next in the page's terms; instants on the server's wall clock.
    package static func web(_ error: LoanCommandError, wallTime: (UTCTimestamp) -> WallTime = utc) -> String {
        message(error, .web, wallTime: wallTime)
    }

    /// An import refused because ids are taken (the command line imports; the TUI does not).
    package static func commandLine(_ error: ImportConflictError) -> String {
        let outcome = error.outcome
        let count = outcome.conflictCount
        let ids = outcome.conflicts.map { "\($0)" }.joined(separator: ", ") + (count > outcome.conflicts.count ? ", …" : "")
        let subject = count == 1 ? "1 loan's id is taken by a different loan (id \(ids))" : "\(count) loans' ids are taken by different loans (ids \(ids))"
        return subject + "; nothing was imported (--replace lets the document win, --renumber gives new ids)"
    }

    /// An instant as it is stored, for fronts that know no time zone.
    package static func utc(_ instant: UTCTimestamp) -> WallTime {
        WallTime(date: instant.date, hour: instant.hour, minute: instant.minute)
    }

    private static func message(_ error: LoanCommandError, _ front: Front, wallTime: (UTCTimestamp) -> WallTime) -> String {
        switch error {
        case .notFound(let id):
            return "no loan with id \(id)"
        case .invalid(let violation):
            return violation.description
        case .alreadyReturned(let id, let date):
            return "loan \(id) was already returned on \(date)"
        case .notReturned(let id):
            return "loan \(id) is not returned, so there is nothing to reopen"
        case .returnAfterToday(let id, let date, let today):
            let refusal = "return date \(date) is after today (\(today)); a loan comes back today or earlier"
            switch front {
            case .commandLine: return refusal + " (loans return \(id) --on \(today))"
            case .tui: return refusal
            case .web: return refusal + " (leave the date empty for today)"
            }
        case .renewalNotLater(let id, let date, let due):
            let refusal = "a renewal moves the due date later, and \(date) is not after \(due), the current due date"
            switch front {
            case .commandLine: return refusal + " of loan \(id) (to correct a wrong due date: loans edit \(id) --due \(date))"
            case .tui: return refusal + " (e corrects a wrong due date)"
            case .web: return refusal + " (to correct a wrong due date, edit the loan)"
            }
        case .renewalOutOfRange(let id, let offset):
            return "renewing loan \(id) by +\(offset.count)\(offset.unit.letter) leaves the calendar (0001-01-01 to 9999-12-31)"
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case .blocked(let blocked):
            return front == .commandLine ? commandLine(blocked) : tui(blocked, wallTime: wallTime, remedy: remedy(front))
        case .everyChangeBlocked(let blocked, let count):
            return front == .commandLine
                ? commandLine(everyChangeBlocked: blocked, count: count) : tui(blocked, wallTime: wallTime, remedy: remedy(front))
        case .store(let error):
            return error.message
        }
    }

    /// `cannot undo change 2 (add of loan 2): change 3 (return by bob@desk at …Z) touched the loan
    /// since; nothing was changed (loans undo --skip leaves it and undoes the next one)`.
    private static func commandLine(_ blocked: BlockedChange) -> String {
        let verb = blocked.isUndo ? "undo" : "redo"
        return "cannot \(verb) \(changeNamed(blocked)): \(since(blocked)) touched \(thing(blocked)) since; nothing was changed"
            + (blocked.isUndo ? " (loans undo --skip leaves it and undoes the next one)" : "")
    }

    /// `change 2 (add of loan 2)`, or `change 5 (person of "Alice")`.
    private static func changeNamed(_ blocked: BlockedChange) -> String {
        switch blocked.subject {
        case .loan(let id, _): "change \(blocked.change.id) (\(blocked.change.kind.rawValue) of loan \(id))"
        case .person(let name): "change \(blocked.change.id) (\(blocked.change.kind.rawValue) of \(Quoted(name)))"
        }
    }

    /// What the blocking change is, as the command line names it.
    private static func since(_ blocked: BlockedChange) -> String {
        blocked.blocker.map { "change \($0.id) (\($0.kind.rawValue) by \($0.who) at \($0.at))" } ?? "a change made outside loans"
    }

    /// `the loan`, or `the contact`.
    private static func thing(_ blocked: BlockedChange) -> String {
        if case .person = blocked.subject { return "the contact" }
        return "the loan"
    }

    /// What a person can do about a blocked change where they are: the TUI's keys, the web's page.
    private static func remedy(_ front: Front) -> String {
        front == .web ? "edit, reopen or remove it on its page" : "e edit, o reopen, x remove"
    }

    /// `nothing to undo: your one change not undone yet, change 2 (add of loan 2), is blocked
    /// because change 3 (return by bob@desk at …Z) touched the loan since; nothing was changed`:
    /// `undo --skip` names what blocks the newest of the changes it left.
    private static func commandLine(everyChangeBlocked blocked: BlockedChange, count: Int) -> String {
        let change = changeNamed(blocked)
        let which = count == 1
            ? "your one change not undone yet, \(change), is blocked"
            : "your \(count) changes not undone yet are all blocked; the newest, \(change),"
        return "nothing to undo: \(which) because \(since(blocked)) touched \(thing(blocked)) since; nothing was changed"
    }

    /// `cannot undo change 2 (add of #2 Tent): bob@desk returned the loan since (change 3 at
    /// 2026-11-30 10:02); nothing was changed — change the loan by hand instead (e edit, o reopen,
    /// x remove)`: the TUI and the web cannot pass a change by, so each says what a person can do
    /// there (`remedy`). A contact is set on the command line only, so for one they say no more
    /// than what happened.
    private static func tui(_ blocked: BlockedChange, wallTime: (UTCTimestamp) -> WallTime, remedy: String) -> String {
        let verb = blocked.isUndo ? "undo" : "redo"
        let subject: String
        switch blocked.subject {
        case .loan(let id, let title): subject = "#\(id)" + (title.map { " " + SafeText.sanitized($0) } ?? "")
        case .person(let name): subject = "the contact " + SafeText.sanitized(name)
        }
        let since = blocked.blocker.map { change in
            var did = "changed the contact"
            if case .loan = blocked.subject {
                did = ChangeWording.past(change.kind) + (change.kind.isUndoable ? " the loan" : " a change of the loan")
            }
            return "\(SafeText.sanitized(change.who)) \(did) since (change \(change.id) at \(wallTime(change.at)))"
        } ?? "a change made outside loans touched \(thing(blocked)) since"
        let refusal = "cannot \(verb) change \(blocked.change.id) (\(blocked.change.kind.rawValue) of \(subject)): \(since); nothing was changed"
        guard case .loan = blocked.subject else { return refusal }
        return refusal + " — change the loan by hand instead (\(remedy))"
    }
}
