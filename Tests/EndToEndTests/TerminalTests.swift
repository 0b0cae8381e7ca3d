import Foundation
import Testing

/// What loans does when its output is a terminal (a pseudo-terminal made by `script`): colour by
/// the one rule, and import's progress bar on stderr only. And a config file it may not read.
@Suite struct TerminalTests {
    let loans: BinaryHarness
    init() throws {
        loans = try BinaryHarness()
        _ = try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-27")
        _ = try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
    }

    /// Runs a shell line with every standard stream on a pseudo-terminal; returns what it showed.
    func onTerminal(_ line: String, _ extra: [String: String] = [:]) throws -> String {
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let result = try loans.run("/usr/bin/script", ["-qfec", line, "/dev/null"], extra: ["PATH": bin + ":/usr/bin:/bin", "TERM": "xterm"].merging(extra) { $1 })
        #expect(result.status == 0, "\(line): \(result.out) \(result.err)")
        return result.out.replacingOccurrences(of: "\r", with: "")
    }

    @Test func colourOnATerminalUnlessNoColorOrDumb() throws {
        let red = "\u{1B}[31m", yellow = "\u{1B}[33m"
        let list = try onTerminal("loans list")
        #expect(list.contains(red + "#1  The Hobbit") && list.contains(yellow + "#2  Dune"), "\(list)")
        #expect(try onTerminal("loans widget").hasPrefix(red + "1 overdue · 1 due soon"))
        for (name, environment) in [("NO_COLOR", ["NO_COLOR": "1"]), ("TERM=dumb", ["TERM": "dumb"])] {
            #expect(!(try onTerminal("loans list", environment)).contains("\u{1B}"), "\(name)")
            #expect(!(try onTerminal("loans widget", environment)).contains("\u{1B}"), "\(name): the plain widget follows the rule")
            #expect(try onTerminal("loans --color always list", environment).contains(red), "\(name): --color always wins")
        }
        #expect(try onTerminal("loans list", ["NO_COLOR": ""]).contains(red), "an empty NO_COLOR asks for nothing")
        #expect(!(try onTerminal("loans list --color never")).contains("\u{1B}"))
        #expect(!(try onTerminal("loans list | cat")).contains("\u{1B}"), "a pipe is not a terminal")
    }

    @Test func importDrawsProgressOnStderrOnlyOnATerminal() throws {
        var document = #"{"schema_version": 1, "loans": ["#
        document += (1...6000).map { #"{"id": \#($0 + 10), "title": "L\#($0)", "direction": "lent", "counterparty": "P", "lent_on": "2026-01-01", "due_on": "2027-03-01", "returned_on": null, "note": null, "renewals": 0, "previous_due_dates": []}"# }.joined(separator: ",")
        document += "]}"
        try document.write(toFile: loans.folder + "/big.json", atomically: true, encoding: .utf8)

        let shown = try onTerminal("loans import \"$HOME/big.json\" > \"$HOME/out.txt\"")
        #expect(shown.contains("] 6000/6000 loans "), "the bar reaches the end")
        #expect(shown.contains("/s ") && shown.contains("s left"), "count, rate and time left")
        #expect(shown.hasSuffix("\u{1B}[K"), "the bar is cleared at the end")
        #expect(try String(contentsOfFile: loans.folder + "/out.txt", encoding: .utf8) == "Imported 6000 loans.\n", "stdout has the answer only")

        try FileManager.default.removeItem(atPath: loans.folder + "/loans.db")
        let piped = try loans("import", loans.folder + "/big.json")
        #expect(piped.status == 0 && piped.err.isEmpty, "no terminal, no bar")

        let few = try onTerminal("loans --db \"$HOME/few.db\" add A --to B --due +1d >/dev/null; loans --db \"$HOME/few.db\" json all > \"$HOME/few.json\"; loans --db \"$HOME/few2.db\" import \"$HOME/few.json\"")
        #expect(few == "Imported 1 loan.\n", "a few loans draw no bar")
    }

    /// A config file loans may not read (as root, the test runs loans as nobody).
    @Test func anUnreadableConfigIsExit78() throws {
        let config = loans.folder + "/.config/loans"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "window = 3\n".write(toFile: config + "/config", atomically: true, encoding: .utf8)
        #expect(chmod(config + "/config", 0) == 0)
        for path in [loans.folder, loans.folder + "/.config", config] { #expect(chmod(path, 0o755) == 0) }
        let result = geteuid() == 0
            ? try loans.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", BinaryHarness.binary, "agenda"])
            : try loans("agenda")
        #expect(result.status == 78, "\(result.err)")
        #expect(result.err == "loans: cannot read the config file \(config)/config: Permission denied\n")
    }
}
