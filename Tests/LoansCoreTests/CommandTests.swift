import LoansCore
import LoansTestSupport
import Testing

@Suite struct CommandTests {
    let store = MemoryStore()
    let today = CivilDate.on("2026-11-29")

    func add(_ title: String = "Dune", due: String = "2026-12-05", lent: String = "2026-11-01") throws -> LoanID {
        try AddLoan(store: store).run(LoanDraft(
            title: title, direction: .borrowed, counterparty: "City Library", lentOn: .on(lent), dueOn: .on(due)
        ))
    }

    @Test func addValidatesAndTrims() throws {
        let id = try add("  Dune  ")
        #expect(store.rows[id]?.title == "Dune")
        #expect(throws: LoanCommandError.invalid(.empty(.title))) { try add("   ") }
        #expect(throws: LoanCommandError.invalid(.tooLong(.title, limit: 500))) { try add(String(repeating: "x", count: 501)) }
        #expect(throws: LoanCommandError.invalid(.dueBeforeLent(lentOn: .on("2026-11-01"), dueOn: .on("2026-10-31")))) {
            try add(due: "2026-10-31")
        }
        #expect(store.rows.count == 1)
    }

    @Test func renewKeepsHistoryAndCountsFromTheDueDate() throws {
        let id = try add(due: "2026-01-31", lent: "2026-01-01")
        let renew = RenewLoan(store: store)
        #expect(try renew.run(id, to: .offset(DateOffset(count: 1, unit: .months))).dueOn == .on("2026-02-28"))
        let twice = try renew.run(id, to: .date(.on("2026-03-15")))
        #expect(twice.renewals == 2)
        #expect(twice.previousDueDates == [.on("2026-01-31"), .on("2026-02-28")])
        #expect(throws: LoanCommandError.renewalOutOfRange(id, DateOffset(count: Int.max, unit: .days))) {
            try renew.run(id, to: .offset(DateOffset(count: Int.max, unit: .days)))
        }
        #expect(throws: LoanCommandError.renewalNotLater(id, to: .on("2025-12-31"), due: .on("2026-03-15"))) {
            try renew.run(id, to: .date(.on("2025-12-31")))
        }
        #expect(store.rows[id]?.renewals == 2)
    }

    @Test func returnOnceOnly() throws {
        let id = try add()
        let returned = try ReturnLoan(store: store).run(id, on: today, today: today)
        #expect(returned.returnedOn == today)
        #expect(throws: LoanCommandError.alreadyReturned(id, on: today)) { try ReturnLoan(store: store).run(id, on: today, today: today) }
        #expect(throws: LoanCommandError.alreadyReturned(id, on: today)) {
            try RenewLoan(store: store).run(id, to: .date(.on("2027-01-01")))
        }
        #expect(throws: LoanCommandError.invalid(.returnedBeforeLent(lentOn: .on("2026-11-01"), returnedOn: .on("2026-10-01")))) {
            try ReturnLoan(store: store).run(try add(), on: .on("2026-10-01"), today: today)
        }
    }

    /// A loan comes back today or earlier: even tomorrow is a slip, refused with nothing written.
    @Test func aReturnDatedTomorrowIsRefused() throws {
        let id = try add()
        let tomorrow = CivilDate.on("2026-11-30")
        #expect(throws: LoanCommandError.returnAfterToday(id, on: tomorrow, today: today)) {
            try ReturnLoan(store: store).run(id, on: tomorrow, today: today)
        }
        #expect(store.rows[id]?.returnedOn == nil)
    }

    @Test func editChangesOnlyWhatIsGiven() throws {
        let id = try add()
        var edit = LoanEdit()
        edit.direction = .lent
        edit.counterparty = " Alice "
        edit.note = "kept in the car"
        let edited = try EditLoan(store: store).run(id, edit).loan
        #expect(edited.direction == .lent && edited.counterparty == "Alice" && edited.title == "Dune")
        #expect(edited.note == "kept in the car" && edited.renewals == 0)
        var clear = LoanEdit()
        clear.note = ""
        #expect(try EditLoan(store: store).run(id, clear).loan.note == nil)
        var bad = LoanEdit()
        bad.lentOn = .on("2027-01-01")
        #expect(throws: LoanCommandError.self) { try EditLoan(store: store).run(id, bad) }
        #expect(store.rows[id]?.lentOn == .on("2026-11-01"))
    }

    /// A corrected due date keeps the renewals a history that could have happened: the earlier
    /// due dates that are not before it are dropped (and said), so `json all` imports again.
    @Test func aCorrectedDueDateDropsTheRenewalsItComesBefore() throws {
        let id = try add()
        _ = try RenewLoan(store: store).run(id, to: .date(.on("2026-12-09")))
        _ = try RenewLoan(store: store).run(id, to: .date(.on("2026-12-23")))
        #expect(store.rows[id]?.previousDueDates == [.on("2026-12-05"), .on("2026-12-09")])
        var later = LoanEdit()
        later.dueOn = .on("2026-12-30")
        #expect(try EditLoan(store: store).run(id, later).droppedDueDates == [], "a later date keeps every renewal")
        var earlier = LoanEdit()
        earlier.dueOn = .on("2026-12-09")
        let edited = try EditLoan(store: store).run(id, earlier)
        #expect(edited.droppedDueDates == [.on("2026-12-09")], "an earlier due date equal to the new one goes")
        #expect(edited.loan.previousDueDates == [.on("2026-12-05")] && edited.loan.renewals == 1)
        #expect(store.rows[id] == edited.loan)
        var first = LoanEdit()
        first.dueOn = .on("2026-11-30")
        #expect(try EditLoan(store: store).run(id, first).droppedDueDates == [.on("2026-12-05")])
        #expect(store.rows[id]?.renewals == 0)
        // A loan an older version let out of order is put right by editing its due date to itself.
        let kept = try #require(store.rows[id])
        var stored = kept
        stored.previousDueDates = [.on("2026-11-10"), .on("2026-11-25"), .on("2026-11-20"), .on("2026-12-05")]
        try store.change(.edit) { try $0.update(from: kept, to: stored) }
        var same = LoanEdit()
        same.dueOn = stored.dueOn
        let repaired = try EditLoan(store: store).run(id, same)
        #expect(repaired.loan.previousDueDates == [.on("2026-11-10"), .on("2026-11-25")])
        #expect(repaired.droppedDueDates == [.on("2026-11-20"), .on("2026-12-05")])
    }

    @Test func missingLoansAreReportedByID() throws {
        let ghost = LoanID(42)
        #expect(throws: LoanCommandError.notFound(ghost)) { try RemoveLoan(store: store).run(ghost) }
        #expect(throws: LoanCommandError.notFound(ghost)) { try ReturnLoan(store: store).run(ghost, on: today, today: today) }
        #expect(throws: LoanCommandError.notFound(ghost)) {
            try LoanLookup(store: store).show(ghost, DuePolicy(today: today, window: .standard))
        }
        let id = try add()
        try RemoveLoan(store: store).run(id)
        #expect(store.rows.isEmpty)
    }
}
