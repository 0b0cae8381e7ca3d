import LoansCore
import LoansText

/// The commands that change loans: add, edit, renew, return, remove. Each is one use case
/// call, which is one transaction.
struct WriteCommands {
    let request: Request

    func run(_ command: Command) throws {
        let store = try request.stores.writer()
        let out = request.console.out
        switch command {
        case .add(let draft):
            out.line(String(try AddLoan(store: store).run(draft).rawValue))
        case .edit(let id, let edit):
            let loan = try EditLoan(store: store).run(id, edit)
            out.line("Edited loan #\(loan.id).")
        case .renew(let id, let target):
            let loan = try RenewLoan(store: store).run(id, to: target)
            out.line("Renewed loan #\(loan.id): now due \(loan.dueOn) (renewal \(loan.renewals)).")
        case .returnLoan(let id, let date):
            let loan = try ReturnLoan(store: store).run(id, on: date)
            out.line("Returned loan #\(loan.id) on \(date).")
        case .remove(let id):
            try RemoveLoan(store: store).run(id)
            out.line("Removed loan #\(id).")
        default:
            break
        }
    }
}
