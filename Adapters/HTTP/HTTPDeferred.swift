import CMicroHTTPD

/// An answer a handler gives later, from any thread: the handler returns `.later(deferred)` at
/// once (its thread goes back to serving), hands `deferred` to the work that decides the answer,
/// and that work calls `answer(_:)`. Meanwhile the request's connection is suspended in the
/// library: no thread waits for it and nothing wakes for it; the answer resumes it. A stop that
/// finds it still waiting after its grace answers it `503`.
package final class HTTPDeferred: @unchecked Sendable {  // every field is guarded by `lock`
    private let lock = Lock()
    private var given: HTTPAnswer?
    /// Set while the connection is suspended for this answer; whoever clears it resumes it.
    private var suspended: (library: LibMicroHTTPD, handle: OpaquePointer, worker: Doorbell)?

    package init() {}

    /// Gives the answer and wakes the connection; only the first answer counts.
    package func answer(_ answer: HTTPAnswer) {
        lock.locked {
            guard given == nil else { return }
            given = answer
            guard let connection = suspended else { return }
            suspended = nil
            connection.library.resumeConnection(connection.handle)
            connection.worker.ring()  // the library notes the resumption; the worker's poll must wake to act on it
        }
    }

    // MARK: the server's side

    /// The answer, if it was given already; else the connection is suspended until it is (on the
    /// connection's worker thread, inside the library's access handler).
    func answerOrSuspend(_ handle: OpaquePointer, _ library: LibMicroHTTPD, worker: Doorbell) -> HTTPAnswer? {
        lock.locked {
            if let given { return given }
            library.suspendConnection(handle)
            suspended = (library, handle, worker)
            return nil
        }
    }

    /// The answer given (nil while none is).
    var answered: HTTPAnswer? { lock.locked { given } }
}

/// The deferred answers the server waits for right now: what a stop answers once its threads have
/// ended (the library must not be stopped while a connection is suspended).
final class WaitingAnswers: @unchecked Sendable {  // guarded by `lock`
    private let lock = Lock()
    private var waiting: [ObjectIdentifier: HTTPDeferred] = [:]

    func add(_ deferred: HTTPDeferred) { lock.locked { waiting[ObjectIdentifier(deferred)] = deferred } }
    func remove(_ deferred: HTTPDeferred) { lock.locked { _ = waiting.removeValue(forKey: ObjectIdentifier(deferred)) } }

    /// Gives every answer still awaited: `answer`.
    func answerAll(_ answer: HTTPAnswer) {
        for deferred in lock.locked({ Array(waiting.values) }) { deferred.answer(answer) }
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
