import Glibc
import LoansCore
import LoansSystem

/// The one wait of every front that keeps running (the TUI, `widget --watch`, `calendar
/// --watch`, and a server's change feed through `FeedPump`). It owns everything a wait needs:
/// the descriptors — the front's input and output, the store's (each engine adds its own as a
/// `WakeSource`), the midnight timer and the zone file (`DayWatch`) — the signal mask (a
/// terminal's resizes are read from a descriptor, never by interrupting), the deadline, and the
/// settle time after a write. Idle, it sleeps in one `poll(2)` with no timeout: no wake-ups at
/// all until something happens.
///
/// A store's news wakes the front `settleMilliseconds` after it first came (a write comes as
/// several events, a burst of writes as several notices: all are one wake-up, read once); a new
/// day wakes it at once. When a source says the store may be another one now, `storeReplaced`
/// is told first, so whoever keeps connections drops them before the front reads again.
package final class WakeLoop: AgendaChanges {
    /// How long after a store's first news the front is woken; later news joins it. SQLite also
    /// updates the WAL index after writing the frames.
    static let settleMilliseconds = 20

    private let sources: [any WakeSource]
    private let day: DayWatch
    /// The terminal's resizes, read from a descriptor once a wait watches a terminal.
    private var resizes: SignalDescriptor?
    /// What the sources said since the front was last woken for a change, and when to wake it.
    private var news = WakeNews.nothing
    private var reportAt: Int?
    /// Told when a source says the store may be another one now (before the wake-up it causes):
    /// the keeper of the front's connections drops them.
    package var storeReplaced: () -> Void = {}

    /// Waits on `sources` and on the day as `today` reads it; `zoneFile` is where the system's
    /// time zone is kept (nil: none is watched).
    package init(today: Today, sources: [any WakeSource], zoneFile: SystemPath? = SystemPath("/etc/localtime")) {
        self.sources = sources
        day = DayWatch(today: today, zoneFile: zoneFile)
    }

    /// Blocks until the answer may have changed, `input` is readable (when it is a terminal,
    /// also until its size may have changed), `output` loses its reader, or the time passes.
    ///
    /// The first wait on a terminal starts reading its resizes (SIGWINCH, blocked from then on,
    /// so one that comes while the front draws waits for the next wait) and returns `.resized`
    /// at once: a resize between the front's first look at the size and this wait would
    /// otherwise go unseen. Make the loop before any other thread starts (a process's signal
    /// reaches the descriptor only if every thread blocks it).
    package func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake {
        let deadline = timeoutMilliseconds.map { MonotonicClock.milliseconds() + $0 }
        let input = input.map(FileDescriptor.init(rawValue:))
        let output = output.map(FileDescriptor.init(rawValue:))
        let onTerminal = input?.isTerminal == true
        if onTerminal, resizes == nil {
            resizes = try? SignalDescriptor([SIGWINCH])
            if resizes != nil { return .resized }
        }
        let terminal = onTerminal ? resizes : nil
        while true {
            let now = MonotonicClock.milliseconds()
            if let reportAt, reportAt <= now { return report() }
            if let deadline, deadline <= now { return .timeout }
            var wanted = day.descriptors
            var limits = [reportAt, deadline, day.askAgainAt(now: now)]
            if let input { wanted.append((input, .readable)) }
            if let output { wanted.append((output, [])) }
            if let terminal { wanted.append((terminal.descriptor, .readable)) }
            for source in sources {
                let interest = source.interest(now: now)
                wanted += interest.descriptors
                limits.append(interest.askAgainAt)
            }
            let ready: Readiness
            do {
                ready = try Poll.wait(wanted, milliseconds: limits.compactMap { $0 }.min().map { $0 - now })
            } catch {
                // A handler ran (Ctrl-Z then `fg`; a resize, where the kernel refused the signal
                // descriptor): the terminal may have changed size.
                if error == .interrupted, onTerminal { return .resized }
                continue
            }
            if ready.isReady(output) { return .outputClosed }
            if ready.isReady(input) { return .input }
            if let terminal, ready.isReady(terminal.descriptor) {
                _ = terminal.drain()
                return .resized
            }
            let after = MonotonicClock.milliseconds()
            if day.moved(ready, now: after) {
                news = max(news, .changed)
                reportAt = after
            }
            for source in sources { note(source.handle(ready, now: after), at: after) }
        }
    }

    /// A source's news: the front is woken once things settled.
    private func note(_ fresh: WakeNews, at now: Int) {
        guard fresh != .nothing else { return }
        news = max(news, fresh)
        if reportAt == nil { reportAt = now + WakeLoop.settleMilliseconds }
    }

    private func report() -> AgendaWake {
        if news == .replaced { storeReplaced() }
        news = .nothing
        reportAt = nil
        return .answerMayHaveChanged
    }
}
