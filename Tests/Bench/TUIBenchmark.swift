import Glibc
import LoansCore
import LoansTUI

/// The TUI's benchmark (`loans-tui-bench --db PATH --keys N`): renders the first frame into the
/// screen buffer without a terminal, then replays N navigation keys, timing each with the
/// monotonic clock; then pastes 100 KB into the add form's title (decoded from the terminal's
/// bytes, edited and drawn) and types at its end, and pastes 400 KB of varied text into the `/`
/// filter the same way and types at its end (each key filtering the list). With a filter text (`--filter TEXT`), it
/// instead types `/`, the text one character at a time and Esc, N times over, timing each
/// keystroke of the filter (every character, and the Esc that clears it). The figures it prints
/// are for the benchmarks of the big-data and text-entry requirements.
enum TUIBenchmark {
    /// The keys replayed, in a loop: single steps, pages, and jumps to both ends.
    static let script: [Key] = [
        .character("j"), .character("j"), .character("j"), .pageDown, .pageDown, .character("k"), .pageUp,
        .character("G"), .character("k"), .character("k"), .pageUp, .character("g"), .character("j"), .pageDown,
        .end, .home,
    ]

    /// The filter script for `text`: `/`, each character, then Esc, each with what the filter reads
    /// after it; `/` (which only opens the input) is not timed.
    static func filterScript(_ text: String) -> [(key: Key, label: String?)] {
        var typed = ""
        var steps: [(key: Key, label: String?)] = [(.character("/"), nil)]
        for character in text {
            typed.append(character)
            steps.append((.character(character), Quoted(typed).description))
        }
        return steps + [(.escape, "Esc")]
    }

    /// Runs the benchmark at 80×24 and returns the report lines: `keys` navigation keys, or with
    /// a `filter`, that many rounds of typing it.
    static func run(
        today: Today, stores: any LoanStores, keys: Int, filter: String? = nil, width: Int = 80, height: Int = 24
    ) -> [String] {
        let start = monotonicNanoseconds()
        var app = TUIApp(today: today, stores: stores, width: width, height: height)
        var screen = app.screen
        let firstFrame = monotonicNanoseconds() - start
        let steps: [(key: Key, label: String?)] = filter.map { text in
            Array(repeating: filterScript(text), count: max(0, keys)).flatMap { $0 }
        } ?? (0..<max(0, keys)).map { (script[$0 % script.count], "") }
        var timings: [UInt64] = []
        var cpuTimings: [UInt64] = []
        timings.reserveCapacity(steps.count)
        var slowest: (time: UInt64, label: String) = (0, "")
        for (key, label) in steps {
            let before = monotonicNanoseconds()
            let cpuBefore = cpuNanoseconds()
            app.handle(.key(key))
            screen = app.screen
            guard let label else { continue }
            let time = monotonicNanoseconds() - before
            timings.append(time)
            cpuTimings.append(cpuNanoseconds() - cpuBefore)
            if time > slowest.time { slowest = (time, label) }
        }
        timings.sort()
        cpuTimings.sort()
        let what = filter.map { "filter \(Quoted($0)) typed \(keys) times, \(timings.count) keystrokes" }
            ?? "\(keys) keys (j k PgDn PgUp g G Home End)"
        var lines = [
            "loans tui benchmark: \(width)x\(height) screen, \(what)",
            "first frame: \(milliseconds(firstFrame)) ms",
        ]
        if let worst = timings.last {
            let median = timings[timings.count / 2]
            let p95 = timings[min(timings.count - 1, timings.count * 95 / 100)]
            lines.append("per key: median \(milliseconds(median)) ms, p95 \(milliseconds(p95)) ms, max \(milliseconds(worst)) ms")
            // CPU time leaves out the time other processes held the CPU: on a shared machine the
            // figure that says what a key costs.
            let cpu = (cpuTimings[cpuTimings.count / 2], cpuTimings[min(cpuTimings.count - 1, cpuTimings.count * 95 / 100)], cpuTimings.last ?? 0)
            lines.append("per key, CPU time: median \(milliseconds(cpu.0)) ms, p95 \(milliseconds(cpu.1)) ms, max \(milliseconds(cpu.2)) ms")
            if filter != nil { lines.append("slowest keystroke: \(slowest.label)") }
        }
        if filter == nil {
            var form = TUIApp(today: today, stores: stores, width: width, height: height)
            lines += paste(into: &form)
            var filtering = TUIApp(today: today, stores: stores, width: width, height: height)
            lines += pasteIntoFilter(&filtering)
        }
        lines.append("last screen: \(screen.line(0).trimmingTrailingSpaces)")
        return lines
    }

    /// 100 KB of text with newlines and ESC pasted into the add form's title, from the bytes a
    /// terminal sends to the drawn screen; then 100 keys typed at its end.
    static func paste(into app: inout TUIApp) -> [String] {
        app.handle(.key(.character("a")))
        var text = ""
        while text.utf8.count < 100_000 { text += "Pasted text \u{1B}[A 界 👨‍👩‍👧\r\n" }
        let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
        let pasting = timed {
            var decoder = InputDecoder()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 4096)
                for event in decoder.feed(bytes[start..<end]) { app.handle(event) }
                start = end
            }
            _ = app.screen
        }
        let typing = (0..<100).map { _ in timed { app.handle(.key(.character("x"))); _ = app.screen } }.sorted()
        return [
            "paste 100 KB into a form field (decode, edit, draw): \(milliseconds(pasting)) ms",
            "a key at the end of it: median \(milliseconds(typing[typing.count / 2])) ms, max \(milliseconds(typing[typing.count - 1])) ms",
        ]
    }

    /// 400 KB of varied words pasted into the filter, from the bytes a terminal sends (4 KiB a
    /// read, as a terminal delivers a paste, the screen drawn after each) to the drawn screen;
    /// then 20 keys typed at its end, and 20 keys that go in (each after a Backspace).
    static func pasteIntoFilter(_ app: inout TUIApp) -> [String] {
        app.handle(.key(.character("/")))
        let syllables = ["ka", "lo", "mi", "ne", "su", "ter", "vin", "dra", "go", "pel", "ün", "界"]
        var text = ""
        var seed: UInt64 = 7
        while text.utf8.count < 400_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            text += syllables[Int(seed >> 33) % syllables.count]
            if seed >> 60 == 0 { text += " " }
        }
        let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
        let pasting = timed {
            var decoder = InputDecoder()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 4096)
                for event in decoder.feed(bytes[start..<end]) { app.handle(event) }
                _ = app.screen
                start = end
            }
        }
        let typing = (0..<20).map { _ in timed { app.handle(.key(.character("x"))); _ = app.screen } }.sorted()
        // A key that goes in: one character short of full, each key searches the whole filter.
        let searching = (0..<20).map { _ in
            app.handle(.key(.backspace))
            return timed { app.handle(.key(.character("x"))); _ = app.screen }
        }.sorted()
        return [
            "paste 400 KB into the filter (decode, filter, draw): \(milliseconds(pasting)) ms",
            "a key at the end of the filter: median \(milliseconds(typing[typing.count / 2])) ms, max \(milliseconds(typing[typing.count - 1])) ms",
            "a key that goes into the long filter (filter, draw): median \(milliseconds(searching[searching.count / 2])) ms, "
                + "max \(milliseconds(searching[searching.count - 1])) ms",
        ]
    }

    /// How long `body` took, in nanoseconds.
    static func timed(_ body: () -> Void) -> UInt64 {
        let start = monotonicNanoseconds()
        body()
        return monotonicNanoseconds() - start
    }

    /// The CPU time this process has used.
    static func cpuNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
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
