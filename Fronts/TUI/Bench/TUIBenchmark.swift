import Glibc
import LoansCore

/// Benchmark-only (`LOANS_TUI_BENCH=N loans tui`): renders the first frame into the screen
/// buffer without a terminal, then replays N navigation keys, timing each with the monotonic
/// clock. The figures it prints are for the benchmark of the big-data requirement.
public enum TUIBenchmark {
    /// The keys replayed, in a loop: single steps, pages, and jumps to both ends.
    static let script: [Key] = [
        .character("j"), .character("j"), .character("j"), .pageDown, .pageDown, .character("k"), .pageUp,
        .character("G"), .character("k"), .character("k"), .pageUp, .character("g"), .character("j"), .pageDown,
        .end, .home,
    ]

    /// Runs the benchmark at 80×24 and returns the report lines.
    public static func run(today: Today, stores: any LoanStores, keys: Int, width: Int = 80, height: Int = 24) -> [String] {
        let start = monotonicNanoseconds()
        var app = TUIApp(today: today, stores: stores, width: width, height: height)
        var screen = app.screen
        let firstFrame = monotonicNanoseconds() - start
        var timings: [UInt64] = []
        timings.reserveCapacity(max(0, keys))
        for index in 0..<max(0, keys) {
            let before = monotonicNanoseconds()
            app.handle(.key(script[index % script.count]))
            screen = app.screen
            timings.append(monotonicNanoseconds() - before)
        }
        timings.sort()
        var lines = [
            "loans tui benchmark: \(width)x\(height) screen, \(keys) keys (j k PgDn PgUp g G Home End)",
            "first frame: \(milliseconds(firstFrame)) ms",
        ]
        if let worst = timings.last {
            let median = timings[timings.count / 2]
            let p95 = timings[min(timings.count - 1, timings.count * 95 / 100)]
            lines.append("per key: median \(milliseconds(median)) ms, p95 \(milliseconds(p95)) ms, max \(milliseconds(worst)) ms")
        }
        lines.append("last screen: \(screen.line(0).trimmingTrailingSpaces)")
        return lines
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Nanoseconds as milliseconds with three decimals.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let micros = nanoseconds / 1000
        let fraction = String(micros % 1000)
        return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
