import Glibc

/// The signals that ask a server to stop.
package enum StopSignal: String {
    case interrupt = "SIGINT"
    case terminate = "SIGTERM"
}

/// SIGTERM and SIGINT, blocked from the start in this thread (and so in every thread it starts
/// after), waited for with `sigwait`: nothing runs when they come but the orderly stop.
package struct StopSignals {
    private let set = SignalSet([SIGTERM, SIGINT])

    package init() {
        set.block()
    }

    /// Blocks until one of them arrives; returns which.
    package func wait() -> StopSignal {
        var raw = set.raw
        var signal: Int32 = 0
        while sigwait(&raw, &signal) != 0 {}
        return signal == SIGINT ? .interrupt : .terminate
    }
}
