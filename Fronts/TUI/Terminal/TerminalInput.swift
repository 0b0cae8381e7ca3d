import Glibc

/// The terminal's input: reads whatever bytes have arrived on standard input, without
/// blocking, and decodes them (`InputDecoder`). A lone ESC waits `escapeDelay` for the rest of
/// a sequence before it counts as the Esc key. Tells a terminal that went away (end of file,
/// EIO, a hang-up) from one that simply has nothing to say.
struct TerminalInput {
    /// How long the rest of an escape sequence may take to arrive.
    static let escapeDelay: Int32 = 25
    private var decoder = InputDecoder()
    private var clicks = ClickCounter()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// What a read found.
    private enum Chunk {
        case bytes(Int)
        case nothing
        case gone
    }

    /// Every event the terminal has sent so far, in order; nil once the terminal is gone.
    mutating func pendingEvents() -> [TUIEvent]? {
        var events: [TUIEvent] = []
        while true {
            var chunk = read(waiting: 0)
            if case .nothing = chunk, decoder.isWaiting {
                chunk = read(waiting: TerminalInput.escapeDelay)
                if case .nothing = chunk { events += decoder.flush() }
            }
            switch chunk {
            case .gone:
                return nil
            case .nothing:
                return events
            case .bytes(let count):
                let decoded = buffer.withUnsafeBufferPointer { decoder.feed($0[..<count]) }
                for event in decoded { events.append(stamped(event)) }
            }
        }
    }

    /// A left click with its count (a double-click's second press counts 2).
    private mutating func stamped(_ event: TUIEvent) -> TUIEvent {
        guard case .mouse(let mouse) = event else { return event }
        return .mouse(clicks.count(mouse, at: ClickCounter.now()))
    }

    /// Reads what has arrived, waiting at most `milliseconds` for something to.
    private mutating func read(waiting milliseconds: Int32) -> Chunk {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return .nothing }
        if Int32(descriptor.revents) & Int32(POLLIN) == 0 {
            return Int32(descriptor.revents) & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 ? .gone : .nothing
        }
        let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 { return .bytes(count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
        return .gone
    }
}
