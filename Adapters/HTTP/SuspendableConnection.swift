import LoansSystem

/// A connection of the library's as an answer given over time holds it (a stream, a deferred
/// answer): the library, the connection's handle, and the nudge that wakes the worker running it.
/// Suspending happens on that worker's thread; resuming, which the library allows from any
/// thread, also wakes the worker: the library notes the resumption but does not wake the thread
/// that polls for it.
struct SuspendableConnection: @unchecked Sendable {  // the handle is used only as the library allows: resumed from any thread, the rest on its worker's
    let library: LibMicroHTTPD
    let handle: OpaquePointer
    let worker: Nudge

    func suspend() {
        library.suspendConnection(handle)
    }

    func resume() {
        library.resumeConnection(handle)
        worker.nudge()
    }
}
