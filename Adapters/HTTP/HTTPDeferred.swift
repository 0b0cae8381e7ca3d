import CMicroHTTPD
import LoansSystem
import Synchronization

/// An answer a handler gives later, from any thread: the handler returns `.later(deferred)` at
/// once (its thread goes back to serving), hands `deferred` to the work that decides the answer,
/// and that work calls `answer(_:)`. Meanwhile the request's connection is suspended in the
/// library: no thread waits for it and nothing wakes for it; the answer resumes it. A stop that
/// finds it still waiting after its grace answers it `503`.
package final class HTTPDeferred: Sendable {
    private let state = Mutex(State())

    private struct State {
        var given: HTTPAnswer?
        /// Set while the connection is suspended for this answer; whoever clears it resumes it.
        var suspended: SuspendableConnection?
    }

    package init() {}

    /// Gives the answer and wakes the connection; only the first answer counts.
    package func answer(_ answer: HTTPAnswer) {
        state.withLock { state in
            guard state.given == nil else { return }
            state.given = answer
            guard let connection = state.suspended else { return }
            state.suspended = nil
            connection.resume()
        }
    }

    // MARK: the server's side

    /// The answer, if it was given already; else the connection is suspended until it is (on the
    /// connection's worker thread, inside the library's access handler).
    func answerOrSuspend(_ handle: OpaquePointer, _ library: LibMicroHTTPD, worker: Nudge) -> HTTPAnswer? {
        state.withLock { state in
            if let given = state.given { return given }
            let connection = SuspendableConnection(library: library, handle: handle, worker: worker)
            connection.suspend()
            state.suspended = connection
            return nil
        }
    }

    /// The answer given (nil while none is).
    var answered: HTTPAnswer? { state.withLock { $0.given } }
}

/// The deferred answers the server waits for right now: what a stop answers once its threads have
/// ended (the library must not be stopped while a connection is suspended).
final class WaitingAnswers: Sendable {
    private let waiting = Mutex<[ObjectIdentifier: HTTPDeferred]>([:])

    func add(_ deferred: HTTPDeferred) { waiting.withLock { $0[ObjectIdentifier(deferred)] = deferred } }
    func remove(_ deferred: HTTPDeferred) { waiting.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(deferred)) } }

    /// Gives every answer still awaited: `answer`.
    func answerAll(_ answer: HTTPAnswer) {
        for deferred in waiting.withLock({ Array($0.values) }) { deferred.answer(answer) }
    }
}

extension ServerCore {
    /// The handler answered `.later(deferred)`: answers at once if it was given already, else
    /// leaves the connection suspended until it is (the library then calls the access handler
    /// again, in the `waiting` phase).
    func wait(for deferred: HTTPDeferred, on connection: OpaquePointer, _ context: RequestContext) -> HTTPAnswer? {
        guard let worker = worker(of: connection) else { return .text(500, "The server could not wait for its answer.") }
        context.phase = .waiting(deferred)
        waiting.add(deferred)
        guard deferred.answerOrSuspend(connection, library, worker: worker) != nil else { return nil }
        return answered(deferred, context)
    }

    /// The deferred answer once it is given (nil while it is not: a call for another reason).
    func answered(_ deferred: HTTPDeferred, _ context: RequestContext) -> HTTPAnswer? {
        guard let answer = deferred.answered else { return nil }
        waiting.remove(deferred)
        context.phase = .answered
        return answer
    }
}
