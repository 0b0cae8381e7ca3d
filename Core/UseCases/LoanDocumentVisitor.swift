/// What reading a loans document hands over, in document order: the changes of its history when
/// it carries one (oldest first, each followed by the loans and then the contacts it touched),
/// then its contacts and its loans — each already checked against every rule. Reading the
/// document is not Core's business; whoever reads it calls these.
package protocol LoanDocumentVisitor: AnyObject {
    /// A change of the document's history, before the loans it touched (its `loanCount` is 0:
    /// they have not been read yet).
    func change(_ change: Change) throws

    /// One loan the change handed over last touched, before and after it.
    func delta(_ delta: LoanDelta) throws

    /// One contact the change handed over last touched, before and after it.
    func personDelta(_ delta: PersonDelta) throws

    /// One contact of the document.
    func person(_ person: Person) throws

    /// One loan of the document.
    func loan(_ loan: Loan) throws
}

/// A visitor that takes each loan to `visit` and lets the history and the contacts go by (a
/// document's history and contacts are checked as they are read, whoever reads them).
package final class LoanVisitor: LoanDocumentVisitor {
    let visit: (Loan) throws -> Void

    package init(_ visit: @escaping (Loan) throws -> Void) {
        self.visit = visit
    }

    package func change(_ change: Change) throws {}
    package func delta(_ delta: LoanDelta) throws {}
    package func personDelta(_ delta: PersonDelta) throws {}
    package func person(_ person: Person) throws {}
    package func loan(_ loan: Loan) throws { try visit(loan) }
}
