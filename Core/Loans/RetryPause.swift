/// How often a store that cannot be read (or reached) is tried again: after 0.25 s, then each
/// pause twice the last, up to every 2 s; an attempt that succeeds starts over from the first.
/// One schedule for everything that keeps trying — the TUI, `widget --watch`, `calendar --watch`
/// and the PostgreSQL watcher's connection — so what the screens say (`phrase`) is what the code
/// does.
package struct RetryPause: Hashable, Sendable {
    /// The first pause and the longest, in milliseconds.
    package static let first = 250
    package static let longest = 2000

    /// How long to wait before the next attempt.
    package private(set) var milliseconds = RetryPause.first

    package init() {}

    /// After an attempt that failed: the next pause is twice this one, up to the longest.
    package mutating func lengthen() {
        milliseconds = min(milliseconds * 2, RetryPause.longest)
    }

    /// `after 0.25 s, then up to every 2 s`, from the two pauses above.
    package static var phrase: String {
        "after \(seconds(first)), then up to every \(seconds(longest))"
    }

    /// `0.25 s`, `2 s`: milliseconds as seconds, without trailing zeros.
    static func seconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000
        var fraction = String(milliseconds % 1000)
        guard fraction != "0" else { return "\(whole) s" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction) s"
    }
}
