import Synchronization

/// The open `/events` streams of every page, each with the credential that opened it, and what
/// tells them the loans may have changed: the composition root calls the front's `changed()` from
/// the one thread that waits on the store's change feed (a write by anyone, the CLI's too, an
/// account changed, or a new day); streams whose session or token has ended since are closed,
/// and each other open page gets one `change` event with the feed's generation. Nothing runs
/// between changes: an idle server sends nothing and wakes nobody.
package final class LiveUpdates: Sendable {
    private struct State {
        var streams: [(stream: any EventStream, holder: StreamHolder)] = []
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Keeps a page's stream, opened by `holder`, until it ends.
    func listen(_ stream: any EventStream, holder: StreamHolder) {
        state.withLock { $0.streams.append((stream, holder)) }
    }

    /// How many changes were told so far: a page made at one generation shows the store as it
    /// was then or later.
    package var current: UInt64 {
        state.withLock { $0.generation }
    }

    /// How many pages listen now.
    package var listeners: Int {
        state.withLock { state in
            state.streams.removeAll { !$0.stream.isOpen }
            return state.streams.count
        }
    }

    /// The credentials of the open streams, each once.
    var holders: Set<StreamHolder> {
        state.withLock { Set($0.streams.filter { $0.stream.isOpen }.map(\.holder)) }
    }

    /// Closes every stream opened by one of `ended` (their sessions or tokens are gone).
    func close(_ ended: Set<StreamHolder>) {
        let closing = state.withLock { state in
            let closing = state.streams.filter { ended.contains($0.holder) }.map(\.stream)
            state.streams.removeAll { ended.contains($0.holder) }
            return closing
        }
        closing.forEach { $0.close() }
    }

    /// This front wrote, and the store's watcher will tell every page of it: the lists made so
    /// far are old from now on (the generation moves), but no page is told here, so each is told
    /// of the write once.
    func wroteHere() {
        state.withLock { $0.generation += 1 }
    }

    /// The loans may have changed: one event to every open page (streams that ended are dropped).
    /// Returns how many it reached.
    @discardableResult
    package func changed() -> Int {
        let (current, number) = state.withLock { state in
            state.generation += 1
            return (state.streams.map(\.stream), state.generation)
        }
        let reached = current.filter { $0.send(event: "change", data: String(number)) }.count
        state.withLock { $0.streams.removeAll { !$0.stream.isOpen } }
        return reached
    }
}

/// Whose credential opened a stream: a session's (its cookie) or an API token's, by its hash.
enum StreamHolder: Hashable, Sendable {
    case session(String)
    case token(String)
}
