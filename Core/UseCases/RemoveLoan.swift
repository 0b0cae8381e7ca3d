/// Deletes a loan for good.
public struct RemoveLoan {
    let store: any LoanWriting

    public init(store: any LoanWriting) {
        self.store = store
    }

    public func run(_ id: LoanID) throws(LoanCommandError) {
        guard try commanding({ try store.remove(id) }) else { throw .notFound(id) }
    }
}
