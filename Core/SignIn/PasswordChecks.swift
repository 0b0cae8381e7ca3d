/// Where the web front has passwords checked: away from the threads that answer requests, at most
/// a few checks at once and a few more waiting their turn. A check costs tens of milliseconds of
/// work on purpose (the hash is made slow to guess), so a flood of sign-ins run on the request
/// threads would hold up every page; run here, it holds up only sign-ins, and one past the queue
/// is turned away at once. The composition root makes it, with the system layer's threads.
package protocol PasswordChecks: Sendable {
    /// Runs `check` on one of the queue's threads, soon; false — and `check` never runs — when as
    /// many checks run and wait as the queue takes.
    func submit(_ check: @escaping @Sendable () -> Void) -> Bool
}
