/// Connections shared by many threads, one borrower at a time each: a borrower takes an idle
/// connection, else makes one while fewer than `capacity` exist, else waits until one comes
/// back. `keep` decides whether a connection still serves — after use, and again before an idle
/// one is lent out, since what it reaches may have changed while it waited (a server that
/// restarted, a file replaced): one that does not is dropped and its slot freed.
package final class ConnectionPool<Connection>: @unchecked Sendable {
    // Safe to share although `Connection` is not `Sendable`: `idle` and `open` are read and
    // written only while `monitor` is held, and a connection leaves `idle` to exactly one
    // borrower and comes back only once that borrower is done with it, so no two threads ever
    // use one connection at the same time. `make` and `keep` are `@Sendable`.
    private let monitor = Monitor()
    private var idle: [Connection] = []
    /// Connections made and not dropped: idle or lent.
    private var open = 0
    private let capacity: Int
    private let make: @Sendable () throws -> Connection
    private let keep: @Sendable (Connection) -> Bool

    package init(
        capacity: Int, make: @escaping @Sendable () throws -> Connection, keep: @escaping @Sendable (Connection) -> Bool
    ) {
        self.capacity = max(1, capacity)
        self.make = make
        self.keep = keep
    }

    /// Runs `body` with a connection no other thread uses meanwhile, then hands it back.
    package func borrow<T>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try take()
        defer { giveBack(connection) }
        return try body(connection)
    }

    /// An idle connection that still serves, else a new one (made outside the lock: connecting
    /// takes time), else the next one handed back.
    private func take() throws -> Connection {
        while let found = idleOrSlot() {
            if keep(found) { return found }
            drop()
        }
        do {
            return try make()
        } catch {
            drop()
            throw error
        }
    }

    /// An idle connection, else nil once a slot for a new one is taken (waiting for one to come
    /// back while every slot is taken).
    private func idleOrSlot() -> Connection? {
        monitor.locked {
            while true {
                if let connection = idle.popLast() { return connection }
                if open < capacity {
                    open += 1
                    return nil
                }
                _ = monitor.wait(until: nil)
            }
        }
    }

    /// Frees the slot of a connection dropped (or never made).
    private func drop() {
        monitor.locked {
            open -= 1
            monitor.wakeAll()
        }
    }

    private func giveBack(_ connection: Connection) {
        let kept = keep(connection)
        monitor.locked {
            if kept { idle.append(connection) } else { open -= 1 }
            monitor.wakeAll()
        }
    }
}
