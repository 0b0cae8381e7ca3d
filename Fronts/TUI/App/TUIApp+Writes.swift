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
                finish(OutcomeText.added(id), focus: (draft.dueOn, id))
            case .edit(let id, let edit):
                guard !edit.isEmpty else { return finish("Nothing changed.", focus: nil) }
                let loan = try EditLoan(store: store).run(id, edit)
                finish(OutcomeText.edited(id), focus: (loan.dueOn, id))
            case .renew(let id, let date):
                let loan = try RenewLoan(store: store).run(id, to: .date(date))
                finish(OutcomeText.renewed(loan), focus: (loan.dueOn, id))
            case .returnLoan(let id, let date):
                let loan = try ReturnLoan(store: store).run(id, on: date, today: policy.today)
                finish(OutcomeText.returned(loan, on: date), focus: nil)
            }
        } catch {
            form?.failure = Self.describe(error)
        }
    }

    mutating func remove(_ id: LoanID) {
        do {
            try RemoveLoan(store: try stores.writer()).run(id)
            router.forget(id)
            message = .message(OutcomeText.removed(id), .success)
        } catch {
            router.back()
            message = .message(Self.describe(error), .error)
        }
        refresh()
    }

    mutating func closeForm() {
        form = nil
        router.back()
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
