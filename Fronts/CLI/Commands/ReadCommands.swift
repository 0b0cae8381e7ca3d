import LoansCore
import LoansText

/// The commands that only read: agenda, overdue, due-soon, list, show. They open the
/// store read-only, so a read never creates or modifies the database.
struct ReadCommands {
    let request: Request

    func run(_ command: Command) throws {
        let store = try request.stores.reader()
        let policy = request.policy
        switch command {
        case .home, .agenda:
            print(TextPresenter.agenda(try AgendaQuery(store: store).agenda(policy)).lines())
        case .overdue:
            print(TextPresenter.overdue(try OverdueQuery(store: store).loans(policy)).lines())
        case .dueSoon:
            print(TextPresenter.dueSoon(try DueSoonQuery(store: store).loans(policy)).lines())
        case .list(let selection):
            var loans: [DueLoan] = []
            try LoanLookup(store: store).list(selection, policy) { loans.append($0) }
            print(TextPresenter.list(loans, selection).lines())
        case .show(let id):
            print(LoanDetailText.lines(try LoanLookup(store: store).show(id, policy)))
        default:
            break
        }
    }

    private func print(_ lines: [String]) {
        for line in lines { request.console.out.line(line) }
    }
}
