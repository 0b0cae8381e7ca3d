/// Deletes a loan (its changes stay in the history, so undo can bring it back).
package struct RemoveLoan {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    /// The loan as it was before it was removed.
    @discardableResult
    package func run(_ id: LoanID) throws(LoanCommandError) -> Loan {
        try commanding {
            try store.change(.remove) { writer in
                guard let loan = try writer.loan(id) else { throw LoanCommandError.notFound(id) }
                try writer.delete(loan)
                return loan
            }
        }
    }
}
