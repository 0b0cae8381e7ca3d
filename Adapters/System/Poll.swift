import Glibc

/// What a descriptor is waited on for, or found ready for, in `poll(2)` (a hang-up or an error
/// is always reported, never asked for).
package struct PollEvents: OptionSet, Hashable, Sendable {
    package let rawValue: Int16

    package init(rawValue: Int16) {
        self.rawValue = rawValue
    }

    /// There is something to read (or the end of the input).
    package static let readable = PollEvents(rawValue: Int16(POLLIN))
    /// A write would not wait.
    package static let writable = PollEvents(rawValue: Int16(POLLOUT))
}

/// The descriptors a wait found ready, and for what.
package struct Readiness {
    private let entries: [pollfd]

    fileprivate init(_ entries: [pollfd]) {
        self.entries = entries
    }

    /// What `descriptor` is ready for; empty when it was not waited on or is not ready.
    package func events(_ descriptor: FileDescriptor) -> PollEvents {
        entries.reduce(into: []) { events, entry in
            if entry.fd == descriptor.rawValue { events.formUnion(PollEvents(rawValue: entry.revents)) }
        }
    }

    /// Whether `descriptor` (when given) is ready for anything, a hang-up or an error included.
    package func isReady(_ descriptor: FileDescriptor?) -> Bool {
        descriptor.map { !events($0).isEmpty } ?? false
    }
}

/// Waiting on several descriptors at once.
package enum Poll {
    /// `poll(2)`: waits until one of `wanted` is ready or `milliseconds` pass (nil: no limit).
    /// A descriptor waited on for no events still reports a hang-up or an error. A signal's
    /// handler running meanwhile ends the wait with `Errno.interrupted` rather than waiting the
    /// whole time again: the caller knows how much of its time is left.
    package static func wait(_ wanted: [(FileDescriptor, PollEvents)], milliseconds: Int?) throws(Errno) -> Readiness {
        var entries = wanted.map { pollfd(fd: $0.0.rawValue, events: $0.1.rawValue, revents: 0) }
        let timeout = milliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
        _ = try valueOrErrno(retryOnInterrupt: false) { poll(&entries, nfds_t(entries.count), timeout) }.get()
        return Readiness(entries)
    }
}
