import LoansCore
import LoansText

/// Every change the TUI makes, each through the same Core use case as the command line,
/// on the store the composition root opens for writing.
extension TUIApp {
    mutating func perform(_ submission: FormSubmission) {
        do {
            let store = try stores.writer()
            switch submission {
            case .add(let draft):
                let id = try AddLoan(store: store).run(draft)
                finish(OutcomeText.added(id), focus: nil)
                show(dueOn: draft.dueOn, id: id)
            case .edit(let id, let edit):
                guard !edit.isEmpty else { return finish("Nothing changed.", focus: nil) }
                let outcome = try EditLoan(store: store).run(id, edit)
                finish(OutcomeText.edited(outcome), focus: (outcome.loan.dueOn, id))
            case .renew(let id, let date):
                let loan = try RenewLoan(store: store).run(id, to: .date(date))
                finish(OutcomeText.renewed(loan), focus: (loan.dueOn, id))
            case .returnLoan(let id, let date):
                let loan = try ReturnLoan(store: store).run(id, on: date, today: policy.today)
                finish(OutcomeText.returned(loan, on: date), focus: nil)
            }
        } catch {
            let failure = describe(error)
            form?.failure = failure
        }
    }

    mutating func remove(_ id: LoanID) {
        do {
            try RemoveLoan(store: try stores.writer()).run(id)
            router.forget(id)
            message = .message(OutcomeText.removed(id), .success)
        } catch {
            router.back()
            message = .message(describe(error), .error)
        }
        refresh()
    }

    /// `u` and Ctrl-R: undoes (or redoes) this user's newest change, with the command line's
    /// one-line message; the cursor follows the loan when the list shows it.
    mutating func undo(redo: Bool) {
        do {
            let store = try stores.writer()
            let outcome = redo ? try RedoChange(store: store).run() : try UndoChange(store: store).run()
            refresh()
            message = .message(redo ? UndoText.redid(outcome) : UndoText.undid(outcome), .success)
            if let loan = redo ? outcome.delta?.after : outcome.delta?.before, loan.isOpen, failure == nil {
                reading { browser in try browser.focus(dueOn: loan.dueOn, id: loan.id) }
            }
        } catch {
            refresh()
            message = .message(describe(error), .error)
        }
    }

    /// `o` on a returned loan: open again, on its own, without undoing later changes.
    mutating func reopen(_ id: LoanID) {
        do {
            let loan = try ReopenLoan(store: try stores.writer()).run(id)
            refresh()
            message = .message(OutcomeText.reopened(loan), .success)
        } catch {
            refresh()
            message = .message(describe(error), .error)
        }
    }

    mutating func closeForm() {
        form = nil
        router.back()
    }

    /// Puts the cursor on a new loan, wherever it is: the filter is cleared when it hides the
    /// loan, and the list shows the agenda — or all open loans when the agenda does not hold it.
    private mutating func show(dueOn: CivilDate, id: LoanID) {
        reading { browser in
            if try browser.focus(dueOn: dueOn, id: id) { return }
            if browser.filter != nil {
                try browser.setFilter(nil)
                if try browser.focus(dueOn: dueOn, id: id) { return }
            }
            for mode in [ListMode.agenda, .allOpen] where mode != browser.mode {
                try browser.setMode(mode)
                if try browser.focus(dueOn: dueOn, id: id) { return }
            }
        }
    }

    /// Closes the form, says what happened, reads again and puts the cursor on the loan.
    private mutating func finish(_ text: String, focus: (CivilDate, LoanID)?) {
        closeForm()
        refresh()
        message = .message(text, .success)
        if let (dueOn, id) = focus, failure == nil {
            reading { browser in try browser.focus(dueOn: dueOn, id: id) }
        }
    }
}
