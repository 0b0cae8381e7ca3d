import Foundation
import Testing

/// Words are taken as the bytes given: two paths that differ only in bytes that are not UTF-8
/// name two files, and a text that is not UTF-8 is refused, never replaced.
@Suite struct PathBytesTests {
    @Test func pathsAreTheirBytesAndTextsAreUTF8() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try FileManager.default.createDirectory(atPath: loans.folder + "/x", withIntermediateDirectories: true)
        // printf's octal escapes make the bytes 0xFF and 0xFE, which no UTF-8 text holds.
        let script = #"""
            ff=$(printf '%s/x/\377.db' "$HOME"); fe=$(printf '%s/x/\376.db' "$HOME")
            loans --db "$ff" add "First" --to A --due +1d >/dev/null || exit 1
            loans --db "$fe" add "Second" --to B --due +1d >/dev/null || exit 1
            test -f "$ff" && test -f "$fe" || { echo "not two files"; exit 1; }
            echo "ff: $(loans --db "$ff" list)"
            echo "fe: $(loans --db "$fe" list)"
            LOANS_DB="$ff" loans list | sed 's/^/env: /'
            loans add "$(printf 'Bad \377 title')" --to A --due +1d; echo "title: $?"
            loans add Fine --to "$(printf '\376')" --due +1d; echo "name: $?"
            """#
        let result = try loans.shell(script)
        #expect(result.status == 0, "\(result.out) \(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ff: #1  First") } && !lines.contains { $0.hasPrefix("ff:") && $0.contains("Second") })
        #expect(lines.contains { $0.hasPrefix("fe: #1  Second") })
        #expect(lines.contains { $0.hasPrefix("env: #1  First") })
        #expect(lines.contains("title: 64") && lines.contains("name: 64"))
        #expect(result.err.contains("loans: TITLE: the value is not valid UTF-8"))
        #expect(result.err.contains("loans: --to: the value is not valid UTF-8"))
    }
}
