import LoansCore

/// The tests' short ways into an import: a walk over loans alone, or loans and the identity of
/// the store they came from (the command line always hands over a whole document).
extension ImportLoans {
    /// Imports every loan `loans` hands over; a dry run rolls back and reports what it would do.
    package func run(_ loans: (_ visit: (Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        try withoutActuallyEscaping(loans) { loans in
            try run(document: { visitor in
                try loans(visitor.loan)
                return nil
            })
        }
    }

    /// Imports a document of loans alone: `document` hands over each loan and then returns the
    /// identity of the store the document came from, if it names one.
    package func runDocument(_ document: (_ visit: (Loan) throws -> Void) throws -> String?) throws -> ImportOutcome {
        try withoutActuallyEscaping(document) { document in
            try run(document: { visitor in try document(visitor.loan) })
        }
    }
}
