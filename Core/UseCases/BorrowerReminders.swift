/// One borrower's letter of a run: a person with an address, and the loans of yours they have
/// that are due a reminder today, in the agenda's order (`ReminderDigest`).
package struct BorrowerLetter: Hashable, Sendable {
    package let person: Person
    package let address: EmailAddress
    package let digest: ReminderDigest

    package init(person: Person, address: EmailAddress, digest: ReminderDigest) {
        self.person = person
        self.address = address
        self.digest = digest
    }

    /// Whom the ledger keeps it for: the address, apart from any person of the household.
    package var recipient: ReminderRecipient { .address(address.text) }
}

/// What a run of borrowers' reminders came to: the letters delivered (and recorded), and those
/// whose delivery failed (recorded nothing), each with why.
package struct BorrowerRun: Sendable {
    package var sent: [BorrowerLetter] = []
    package var failed: [(letter: BorrowerLetter, reason: String)] = []
}

/// Reminders to the people who have your things: each person with an address who has a loan you
/// *lent* them (its counterparty is their name, as folded) that is due a reminder today, by the
/// same schedule as your own reminders, gets one letter per run with every such loan. Things you
/// borrowed stay in your own digest. The ledger keeps what each address was reminded of (per
/// loan, due date and level), so each reminder reaches an address once, whichever run sends it.
package struct BorrowerReminders {
    let store: any LoanReading
    let ledger: any ReminderLedger
    let schedule: ReminderSchedule
    let lock: ReminderLockTimes

    package init(store: any LoanReading, ledger: any ReminderLedger, schedule: ReminderSchedule, lock: ReminderLockTimes) {
        self.store = store
        self.ledger = ledger
        self.schedule = schedule
        self.lock = lock
    }

    /// The letters due today, by person; nothing is recorded (a dry run).
    package func letters(_ today: CivilDate) throws -> [BorrowerLetter] {
        var borrowers: [PersonKey: (person: Person, address: EmailAddress)] = [:]
        var due: [PersonKey: [Reminder]] = [:]
        try store.snapshot {
            try store.peopleWithAddress { person in
                if let address = person.email { borrowers[person.key] = (person, address) }
            }
            guard !borrowers.isEmpty, let last = schedule.lastDueDay(today) else { return }
            try store.openLoans(due: DueRange(from: nil, through: last), beyond: nil, descending: false, limit: nil) { loan in
                guard loan.direction == .lent, borrowers[PersonKey(loan.counterparty)] != nil else { return }
                let days = loan.dueOn.days(since: today)
                guard let level = schedule.level(daysUntilDue: days) else { return }
                due[PersonKey(loan.counterparty), default: []].append(Reminder(loan: loan, daysUntilDue: days, level: level))
            }
        }
        var letters: [BorrowerLetter] = []
        for key in due.keys.sorted() {
            guard let (person, address) = borrowers[key], let pending = due[key] else { continue }
            let recipient = ReminderRecipient.address(address.text)
            let reminded = try ledger.remindedLevels(to: recipient, for: pending.map(\.sent.key), sentBy: today)
            let reminders = pending.filter { reminder in reminded[reminder.sent.key].map { reminder.level.isMoreUrgent(than: $0) } ?? true }
            if !reminders.isEmpty {
                letters.append(BorrowerLetter(person: person, address: address, digest: ReminderDigest(today: today, reminders: reminders)))
            }
        }
        return letters
    }

    /// Sends the letters due today: under the ledger's lock (so two runs never send the same
    /// reminder; a run that waits past `lock`'s wait throws `ReminderLockBusy` and sends nothing),
    /// works them out, hands each to `deliver` — outside any write of a loan — and records each
    /// as sent to its address today at `instant` once `deliver` returned. A delivery that throws
    /// records nothing for that person, and the others still go.
    package func send(_ today: CivilDate, at instant: UTCTimestamp, deliver: (BorrowerLetter) throws -> Void) throws -> BorrowerRun {
        try ledger.exclusively(lock) {
            var run = BorrowerRun()
            for letter in try letters(today) {
                do {
                    try deliver(letter)
                } catch {
                    run.failed.append((letter, "\(error)"))
                    continue
                }
                try ledger.recordReminded(letter.digest.reminders.map(\.sent), to: letter.recipient, on: today, at: instant)
                run.sent.append(letter)
            }
            return run
        }
    }
}
