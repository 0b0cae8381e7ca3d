extension LoanID {
    /// The id a new loan gets once `ceiling` — the largest id loans gives, `LoanID.maximum` — is
    /// taken: one more than the largest used id below the run of used ids that ends at the
    /// ceiling, so new ids go on after the loans below it as they did before (one loan imported
    /// with the largest id does not end adding). "Used" means a loan has or ever had the id —
    /// the history counts — so an id is never given twice. nil when no id at all is free.
    ///
    /// `usedBelow(bound)` answers the largest used id below `bound` (nil: none), one index lookup
    /// in a store; the walk asks it once per id of the run at the top — once, when only the
    /// largest id stands there — never once per loan.
    package static func free(below ceiling: LoanID = .maximum, usedBelow: (LoanID) throws -> LoanID?) rethrows -> LoanID? {
        var top = ceiling.rawValue
        while top > 1 {
            let below = try usedBelow(LoanID(top))?.rawValue ?? 0
            if below < top - 1 { return LoanID(below + 1) }
            top = below
        }
        return nil
    }
}
