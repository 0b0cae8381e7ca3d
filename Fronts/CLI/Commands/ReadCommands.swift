import LoansCore
import LoansText

/// The commands that only read: agenda, overdue, due-soon, list, show. They open the
/// store read-only, so a read never creates or modifies the database.
struct ReadCommands {
    let request: Request

    func agenda() throws {
        print(TextPresenter.agenda(try AgendaQuery(store: request.stores.reader()).agenda(request.policy)).lines())
    }

    func overdue() throws {
        print(TextPresenter.overdue(try agenda(.overdue).loans(request.policy)).lines())
    }

    func dueSoon() throws {
        print(TextPresenter.dueSoon(try agenda(.dueSoon).loans(request.policy)).lines())
    }

    func list(_ selection: LoanSelection) throws {
        var loans: [LoanStanding] = []
        try LoanLookup(store: request.stores.reader()).list(selection, request.policy) { loans.append($0) }
        print(TextPresenter.list(loans, selection).lines())
    }

    func show(_ id: LoanID) throws {
        print(LoanDetailText.lines(try LoanLookup(store: request.stores.reader()).show(id, request.policy)))
    }

    private func agenda(_ group: DueGroup) throws -> DueGroupQuery {
        AgendaQuery(store: try request.stores.reader()).group(group)
    }

    private func print(_ lines: [String]) {
        for line in lines { request.console.out.line(line) }
    }
}
