import LoansCore

/// A screen of the TUI.
package enum Route: Hashable, Sendable {
    /// The list: overdue and due soon (or all open loans).
    case agenda
    /// Every field of one loan.
    case detail(LoanID)
    /// The form for a new loan.
    case add
    /// The form that corrects a loan.
    case edit(LoanID)
    /// Asks for a renewed loan's new due date.
    case renew(LoanID)
    /// Asks for the day a loan came back.
    case returnLoan(LoanID)
    /// Asks whether to remove a loan for good.
    case remove(LoanID)
    /// The keys.
    case help

    /// The loan the screen is about, if any.
    package var loanID: LoanID? {
        switch self {
        case .detail(let id), .edit(let id), .renew(let id), .returnLoan(let id), .remove(let id): id
        case .agenda, .add, .help: nil
        }
    }
}

/// Navigation: a stack of screens with the agenda at the bottom. It opens a screen about a
/// loan only when the frame on screen shows that loan's id, so a stale id (the loan left the
/// list in a refresh) or an invented one goes nowhere.
package struct Router: Sendable {
    package private(set) var stack: [Route] = [.agenda]

    package init() {}

    package var current: Route { stack.last ?? .agenda }

    /// Opens `route` on top; false (and nothing changes) when it names a loan not in `visible`.
    @discardableResult
    package mutating func open(_ route: Route, visible: [LoanID]) -> Bool {
        if let id = route.loanID, !visible.contains(id) { return false }
        stack.append(route)
        return true
    }

    /// Goes back one screen; false at the agenda, where going back means quitting.
    @discardableResult
    package mutating func back() -> Bool {
        guard stack.count > 1 else { return false }
        stack.removeLast()
        return true
    }

    /// Leaves every screen about a loan that no longer exists.
    package mutating func forget(_ id: LoanID) {
        stack.removeAll { $0.loanID == id }
        if stack.isEmpty { stack = [.agenda] }
    }
}
