import LoansCore
import LoansText

/// The commands that change loans: add, edit, renew, return, remove. Each is one use case
/// call, which is one transaction, on the store opened for writing.
struct WriteCommands {
    let request: Request

    private var out: OutputChannel { request.console.out }

    func add(_ draft: LoanDraft) throws {
        out.line(String(try AddLoan(store: request.stores.writer()).run(draft).rawValue))
    }

    func edit(_ id: LoanID, _ edit: LoanEdit) throws {
        let loan = try EditLoan(store: request.stores.writer()).run(id, edit)
        out.line(OutcomeText.edited(loan.id))
    }

    func renew(_ id: LoanID, _ target: RenewalTarget) throws {
        let loan = try RenewLoan(store: request.stores.writer()).run(id, to: target)
        out.line(OutcomeText.renewed(loan))
    }

    func returnLoan(_ id: LoanID, on date: CivilDate) throws {
        let loan = try ReturnLoan(store: request.stores.writer()).run(id, on: date, today: request.policy.today)
        out.line(OutcomeText.returned(loan, on: date))
    }

    func remove(_ id: LoanID) throws {
        try RemoveLoan(store: request.stores.writer()).run(id)
        out.line(OutcomeText.removed(id))
    }
}
