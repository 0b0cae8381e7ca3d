/// "Did you mean …?": the nearest name to a mistyped one, by edit distance with transpositions
/// (`lsit` → `list`, `agneda` → `agenda`), when it is near enough to be a slip of the fingers.
package enum Suggestion {
    /// The closest of `names` to `typed`, or nil when none is close.
    package static func nearest(to typed: String, among names: [String]) -> String? {
        let typed = Array(typed.unicodeScalars)
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(typed, Array(name.unicodeScalars))
            let allowed = max(1, min(2, name.unicodeScalars.count / 3))
            guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
            best = (name, distance)
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours each cost 1.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
