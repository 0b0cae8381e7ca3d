import LoansAdapters
import LoansCore

/// The password queue `serve` gives the web front (`PasswordChecks`): a thread for every two
/// processors (at least one), so a flood of sign-ins hashing leaves the other processors to the
/// pages, and four sign-ins a thread waiting their turn; a sign-in past them is turned away.
struct PasswordQueue: PasswordChecks {
    static let threads = max(1, WorkQueue.processors / 2)
    static let waiting = 4 * threads

    private let queue: WorkQueue

    init() throws(CLIError) {
        guard let queue = WorkQueue(threads: PasswordQueue.threads, waiting: PasswordQueue.waiting) else {
            throw CLIError(code: .failure, message: "cannot start the threads that check passwords: the system gives no more threads")
        }
        self.queue = queue
    }

    func submit(_ check: @escaping @Sendable () -> Void) -> Bool {
        queue.submit(check)
    }

    /// Ends its threads once the checks running have finished (after the server has stopped).
    func stop() {
        queue.stop()
    }
}
