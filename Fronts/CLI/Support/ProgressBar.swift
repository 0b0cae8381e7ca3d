import LoansSystem

/// A one-line progress bar for long work (`import` of thousands of loans): count, rate and time
/// left, redrawn in place on stderr at most ten times a second. It exists only when stderr is a
/// terminal and the work is long, so pipes, logs and stdout never see it.
final class ProgressBar {
    /// Work this short finishes before a bar would help.
    static let threshold = 2_000

    private let total: Int
    private let err: OutputChannel
    private let started: Double
    private var done = 0
    private var drawn = 0.0

    /// A bar for `total` steps, or nil when stderr is not a terminal or the work is short.
    init?(total: Int, console: Console) {
        guard total >= ProgressBar.threshold, console.err.isTerminal else { return nil }
        self.total = total
        err = console.err
        started = ProgressBar.seconds()
        drawn = started
    }

    /// One more step done.
    func advance() {
        done += 1
        let now = ProgressBar.seconds()
        guard now - drawn >= 0.1 || done == total else { return }
        drawn = now
        draw(elapsed: now - started)
    }

    /// Clears the bar, leaving the line as it was.
    func finish() {
        err.write("\r\u{1B}[K")
        err.flush()
    }

    private func draw(elapsed: Double) {
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Int((Double(total - done) / rate).rounded(.up)) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        err.write("\r[\(bar)] \(done)/\(total) loans  \(Int(rate))/s  \(left)s left\u{1B}[K")
        err.flush()
    }

    private static func seconds() -> Double {
        Double(MonotonicClock.milliseconds()) / 1000
    }
}

extension OutputChannel {
    /// Whether the channel writes to a terminal (never when capturing).
    var isTerminal: Bool { descriptor?.isTerminal ?? false }
}
