import LoansCore

/// Where the TUI reads and writes loans and learns that they changed. The composition root
/// implements it over the real stores; tests implement it in memory. Every write the TUI
/// makes goes through Core's use cases on `writer()`.
public protocol LoanSource: AnyObject {
    /// Today and the window at this moment: today follows the clock unless it was fixed.
    func currentPolicy() -> DuePolicy

    /// The store to read from, opened when first needed (a missing database reads as empty).
    func reader() throws -> any LoanReading

    /// The store to write to, opened for writing when first needed.
    func writer() throws -> any LoanWriting

    /// True when the loans may have changed since the last call (another process wrote,
    /// or this one did).
    func hasChanged() -> Bool
}
