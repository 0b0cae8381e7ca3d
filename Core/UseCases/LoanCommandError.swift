/// Why a command on loans was refused.
public enum LoanCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No loan has this id.
    case notFound(LoanID)
    /// The values break a rule every loan obeys.
    case invalid(LoanRuleViolation)
    /// The loan was already returned, so it cannot be returned or renewed.
    case alreadyReturned(LoanID, on: CivilDate)
    /// A renewal offset would move the due date off the calendar.
    case renewalOutOfRange(LoanID, DateOffset)
    /// The store failed.
    case store(StoreError)

    public var description: String {
        switch self {
        case .notFound(let id):
            return "no loan with id \(id)"
        case .invalid(let violation):
            return violation.description
        case .alreadyReturned(let id, let date):
            return "loan \(id) was already returned on \(date)"
        case .renewalOutOfRange(let id, let offset):
            return "renewing loan \(id) by +\(offset.count)\(offset.unit.letter) leaves the calendar (0001-01-01 to 9999-12-31)"
        case .store(let error):
            return error.message
        }
    }
}

extension Loan {
    /// Refuses a loan that came back already: it can be neither returned nor renewed again.
    public func requireOpen() throws(LoanCommandError) {
        if let returnedOn { throw .alreadyReturned(id, on: returnedOn) }
    }
}

/// Runs a store call, reporting failures as `LoanCommandError`.
func commanding<T>(_ body: () throws -> T) throws(LoanCommandError) -> T {
    do {
        return try body()
    } catch let error as LoanCommandError {
        throw error
    } catch let error as LoanRuleViolation {
        throw .invalid(error)
    } catch let error as StoreError {
        throw .store(error)
    } catch {
        throw .store(StoreError(.unavailable, "\(error)"))
    }
}

/// Modifies one loan in one transaction, or reports that it does not exist.
func modifying(
    _ store: any LoanWriting, _ id: LoanID, _ change: (inout Loan) throws -> Void
) throws(LoanCommandError) -> Loan {
    let loan = try commanding { try store.modify(id, change) }
    guard let loan else { throw .notFound(id) }
    return loan
}
