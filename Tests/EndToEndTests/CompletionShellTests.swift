import Foundation
import Testing

/// Completions in the real shells: bash with bash-completion, zsh in a pseudo-terminal through
/// zpty and a capture widget, fish through `complete -C`. Each asks what a user's Tab would, of
/// the script `loans completions` prints — never of a file in the system's folders, where the
/// Debian package's test installs one meanwhile.
@Suite struct CompletionShellTests {
    let loans: BinaryHarness
    init() throws {
        loans = try BinaryHarness()
        _ = try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-27")
        _ = try loans.must("add", "Dune: Part 1", "--from", "City Library", "--due", "2026-12-01")
        _ = try loans.must("add", "Tab\there\nnewline", "--to", "Sam", "--due", "2027-01-10")
        _ = try loans.must("add", #"C:\new\:x"#, "--to", "Alice", "--due", "2027-02-01")
        _ = try loans.must("add", "Drill", "--from", "Sam", "--due", "2026-11-20")
        _ = try loans.must("return", "5")
    }

    /// Runs a driver script (written to the harness's folder) with the shell, `loans` on PATH;
    /// with `quiet`, the shell must also print nothing on stderr.
    func drive(_ shell: String, _ script: String, _ lines: [String], quiet: Bool = false) throws -> [String: [String]] {
        let file = loans.folder + "/drive." + (shell as NSString).lastPathComponent
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let arguments = (shell.hasSuffix("fish") ? ["--no-config", file] : shell.hasSuffix("zsh") ? ["-f", file] : ["--norc", "--noprofile", file]) + lines
        // No system data folder: fish would autoload a completion file installed there (the Debian
        // package's test installs one meanwhile) over the one the driver sourced.
        let result = try loans.run(shell, arguments, extra: ["PATH": bin + ":/usr/bin:/bin", "TERM": "xterm", "XDG_DATA_DIRS": loans.folder + "/no-data-dirs"])
        #expect(result.status == 0, "\(shell) failed: \(result.out) \(result.err)")
        if quiet { #expect(result.err.isEmpty, "\(shell) printed on stderr: \(result.err)") }
        var answers: [String: [String]] = [:]
        var current: String?
        for line in result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                answers[current!] = []
            } else if let current, !line.isEmpty {
                answers[current, default: []].append(line)
            }
        }
        return answers
    }

    static let lines = [
        "loans re", "loans widget --format ", "loans show ", "loans add X --to ", "loans list --lent --person ",
        "loans reopen ", "loans widget --format=", "loans widget --format=t", "loans list --color=", "loans json ", "loans json history ",
        "loans --db x json --ndjson history ", "loans json agenda ", "loans show 1 ",
    ]
    static let queries: Set<String> = ["agenda", "overdue", "due-soon", "all", "history"]
    /// Every command name that starts with "re".
    static let re: Set<String> = ["redo", "remind", "remove", "renew", "reopen", "return"]
    static let formats = ["plain", "tmux", "i3blocks", "i3bar", "waybar", "i3status-rust", "polybar"]

    @Test func bashWithBashCompletion() throws {
        let answers = try drive("/usr/bin/bash", CompletionShellTests.bashDriver, CompletionShellTests.lines)
        #expect(Set(answers["loans re"] ?? []) == CompletionShellTests.re)
        #expect(Set(answers["loans widget --format "] ?? []) == Set(CompletionShellTests.formats))
        #expect(Set(answers["loans show "] ?? []) == ["1", "2", "3", "4"])
        #expect(Set(answers["loans add X --to "] ?? []) == ["Alice", #"City\ Library"#, "Sam"])
        #expect(Set(answers["loans list --lent --person "] ?? []) == ["Alice", #"City\ Library"#, "Sam"])
        #expect(answers["loans reopen "] == ["5"], "reopen offers the returned loans")
        #expect(Set(answers["loans widget --format="] ?? []) == Set(CompletionShellTests.formats))
        #expect(answers["loans widget --format=t"] == ["tmux"])
        #expect(Set(answers["loans list --color="] ?? []) == ["auto", "always", "never"])
        #expect(Set(answers["loans json "] ?? []) == CompletionShellTests.queries, "no ids: only 'json history' takes one")
        #expect(Set(answers["loans json history "] ?? []) == ["1", "2", "3", "4"])
        #expect(Set(answers["loans --db x json --ndjson history "] ?? []) == ["1", "2", "3", "4"])
        #expect(answers["loans json agenda "] == [], "json agenda takes nothing more")
        #expect(answers["loans show 1 "] == [], "show takes one id")
    }

    @Test func zshThroughACaptureWidget() throws {
        let answers = try drive("/usr/bin/zsh", CompletionShellTests.zshDriver, CompletionShellTests.lines)
        func hits(_ line: String) -> [String: String] {
            Dictionary((answers[line] ?? []).compactMap { entry -> (String, String)? in
                guard let hit = entry.range(of: "<hit>"), let desc = entry.range(of: "<desc>"), let end = entry.range(of: "</hit>") else { return nil }
                return (String(entry[hit.upperBound..<desc.lowerBound]), String(entry[desc.upperBound..<end.lowerBound]))
            }, uniquingKeysWith: { first, _ in first })
        }
        #expect(Set(hits("loans re").keys) == CompletionShellTests.re)
        #expect(hits("loans re")["renew"]?.contains("Move a loan's due date later") == true)
        #expect(Set(hits("loans widget --format ").keys) == Set(CompletionShellTests.formats))
        let ids = hits("loans show ")
        #expect(Set(ids.keys) == ["1", "2", "3", "4"])
        #expect(ids["1"]?.hasSuffix("-- The Hobbit") == true)
        #expect(ids["2"]?.hasSuffix("-- Dune: Part 1") == true, "a colon in a title stays in the description")
        #expect(ids["3"]?.hasSuffix("-- Tab here newline") == true)
        #expect(ids["4"]?.hasSuffix(#"-- C:\new\:x"#) == true, "backslashes and colons are escaped for _describe")
        #expect(Set(hits("loans add X --to ").keys) == ["Alice", #"City\ Library"#, "Sam"])
        #expect(Set(hits("loans list --lent --person ").keys) == ["Alice", #"City\ Library"#, "Sam"])
        #expect(Set(hits("loans reopen ").keys) == ["5"], "reopen offers the returned loans")
        #expect(hits("loans reopen ")["5"]?.hasSuffix("-- Drill") == true)
        #expect(Set(hits("loans widget --format=").keys) == Set(CompletionShellTests.formats))
        #expect(Set(hits("loans list --color=").keys) == ["auto", "always", "never"])
        #expect(Set(hits("loans json ").keys) == CompletionShellTests.queries, "no ids: only 'json history' takes one")
        #expect(Set(hits("loans json history ").keys) == ["1", "2", "3", "4"])
        #expect(Set(hits("loans --db x json --ndjson history ").keys) == ["1", "2", "3", "4"])
        // Nothing more to type but options (zsh offers those when no argument is left).
        #expect(!hits("loans json agenda ").keys.contains { !$0.hasPrefix("-") }, "json agenda takes nothing more")
        #expect(!hits("loans show 1 ").keys.contains { !$0.hasPrefix("-") }, "show takes one id")
    }

    @Test func fishThroughCompleteC() throws {
        let answers = try drive("/usr/bin/fish", CompletionShellTests.fishDriver, CompletionShellTests.lines)
        #expect(Set((answers["loans re"] ?? []).map { String($0.prefix { $0 != "\t" }) }) == CompletionShellTests.re)
        #expect(Set((answers["loans widget --format "] ?? []).map { String($0.prefix { $0 != "\t" }) }) == Set(CompletionShellTests.formats))
        #expect(Set(answers["loans show "] ?? []) == ["1\tThe Hobbit", "2\tDune: Part 1", "3\tTab here newline", "4\t" + #"C:\new\:x"#])
        #expect(Set((answers["loans add X --to "] ?? []).map { String($0.prefix { $0 != "\t" }) }) == ["Alice", "City Library", "Sam"])
        #expect(Set((answers["loans list --lent --person "] ?? []).map { String($0.prefix { $0 != "\t" }) }) == ["Alice", "City Library", "Sam"])
        func words(_ line: String) -> Set<String> { Set((answers[line] ?? []).map { String($0.prefix { $0 != "\t" }) }) }
        #expect(answers["loans reopen "] == ["5\tDrill"], "reopen offers the returned loans")
        #expect(words("loans widget --format=") == Set(CompletionShellTests.formats.map { "--format=" + $0 }))
        #expect(words("loans list --color=") == ["--color=auto", "--color=always", "--color=never"])
        #expect(words("loans json ") == CompletionShellTests.queries, "no ids: only 'json history' takes one")
        #expect(words("loans json history ") == ["1", "2", "3", "4"])
        #expect(words("loans --db x json --ndjson history ") == ["1", "2", "3", "4"])
        #expect(words("loans json agenda ").isEmpty, "json agenda takes nothing more")
        #expect(words("loans show 1 ").isEmpty, "show takes one id")
    }

    /// The names offered are everyone known: the counterparties used and every contact kept (in
    /// the contact's spelling), after the options that take a name and after `person`.
    @Test func contactsAreOfferedAsNames() throws {
        try loans.must("person", "Zed", "--email", "zed@example.org")
        try loans.must("person", "alice", "--no-email")
        #expect(try loans("__complete", "names").out == "City Library\nSam\nZed\nalice\n")
        let answers = try drive("/usr/bin/bash", CompletionShellTests.bashDriver, ["loans add X --to ", "loans person "])
        #expect(Set(answers["loans add X --to "] ?? []) == ["alice", #"City\ Library"#, "Sam", "Zed"])
        #expect(Set(answers["loans person "] ?? []) == ["alice", #"City\ Library"#, "Sam", "Zed"])
    }

    /// A broken config file never breaks a shell's start: `source <(loans completions …)` in a
    /// shell's rc file prints nothing on stderr, and the commands still complete (they need no
    /// config; ids and names quietly give nothing then). `loans help` too.
    @Test func aBrokenConfigNeverBreaksAShellStart() throws {
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try "colour = never\n".write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        #expect(try loans("agenda").status == 78, "the config file is broken")
        let lines = ["loans re"]
        let bash = try drive("/usr/bin/bash", CompletionShellTests.bashDriver, lines, quiet: true)
        #expect(Set(bash["loans re"] ?? []) == CompletionShellTests.re)
        let fish = try drive("/usr/bin/fish", CompletionShellTests.fishDriver, lines, quiet: true)
        #expect(Set((fish["loans re"] ?? []).map { String($0.prefix { $0 != "\t" }) }) == CompletionShellTests.re)
        let zsh = try drive("/usr/bin/zsh", CompletionShellTests.zshDriver, lines, quiet: true)
        #expect((zsh["loans re"] ?? []).count == CompletionShellTests.re.count, "\(zsh)")
        for words in [["help", "add"], ["help", "--man"], ["completions", "zsh"], ["add", "--help"]] {
            let result = try loans.run(BinaryHarness.binary, words)
            #expect(result.status == 0 && result.err.isEmpty && !result.out.isEmpty, "\(words): \(result.status) \(result.err)")
        }
    }

    /// What the scripts ask while the user types: read-only, at most 200 ids (the most urgent),
    /// and never a word on stderr, whatever is wrong.
    @Test func candidatesAreCheapQuietAndBounded() throws {
        let ids = try loans("__complete", "ids", "fish")
        #expect(ids.status == 0 && ids.err.isEmpty)
        #expect(ids.out == "1\tThe Hobbit\n2\tDune: Part 1\n3\tTab here newline\n4\t" + #"C:\new\:x"# + "\n", "most urgent first")
        var document = #"{"schema_version": 1, "loans": ["#
        document += (10...260).map { #"{"id": \#($0), "title": "L\#($0)", "direction": "lent", "counterparty": "P\#($0 % 7)", "lent_on": "2026-01-01", "due_on": "2027-03-01", "returned_on": null, "note": null, "renewals": 0, "previous_due_dates": []}"# }.joined(separator: ",")
        document += "]}"
        #expect(try loans("import", "-", stdin: document).status == 0)
        let many = try loans("__complete", "ids", "zsh").out.split(separator: "\n")
        #expect(many.count == 200)
        #expect(many.prefix(3) == ["1:The Hobbit", "2:Dune\\: Part 1", "3:Tab here newline"])
        #expect(try loans("__complete", "names").out == "Alice\nCity Library\nP0\nP1\nP2\nP3\nP4\nP5\nP6\nSam\n")

        let before = try Data(contentsOf: URL(fileURLWithPath: loans.folder + "/loans.db"))
        _ = try loans("__complete", "names")
        #expect(try Data(contentsOf: URL(fileURLWithPath: loans.folder + "/loans.db")) == before)

        let missing = try loans.run(BinaryHarness.binary, ["__complete", "ids", "bash"], extra: ["LOANS_DB": loans.folder + "/none/loans.db"])
        #expect(missing.out.isEmpty && missing.err.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/none"))
        let folder = try loans.run(BinaryHarness.binary, ["__complete", "ids", "bash"], extra: ["LOANS_DB": loans.folder])
        #expect(folder.status != 0 && folder.out.isEmpty && folder.err.isEmpty)
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try "colour = never\n".write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        let broken = try loans("__complete", "names", "zsh")
        #expect(broken.status == 78 && broken.out.isEmpty && broken.err.isEmpty)
        #expect(try loans("__complete", "bogus").err.isEmpty)
    }

    static let bashDriver = #"""
        # For each line, runs the function bash-completion would run for `loans` and prints the candidates.
        source /usr/share/bash-completion/bash_completion || exit 1
        source <(loans completions bash) || exit 1
        spec=$(complete -p loans) || exit 1
        function=${spec#*-F }
        function=${function%% *}
        for line in "$@"; do
            echo "== $line"
            COMP_LINE=$line
            COMP_POINT=${#line}
            # Split as bash does: `=` (in COMP_WORDBREAKS) is a word of its own.
            read -ra COMP_WORDS <<<"${line//=/ = }"
            [[ $line == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMPREPLY=()
            "$function" loans "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\n' "${COMPREPLY[@]}"
        done
        """#

    /// An interactive zsh in a pseudo-terminal (zpty): compinit, the completion script, a
    /// `compadd` that also prints each match and its description, and a widget on ^T that
    /// completes, prints an end marker and clears the line. Every wait has a deadline.
    static let zshDriver = #"""
        zmodload zsh/zpty || exit 1
        zpty -b z zsh -f -i
        await() {
            local pattern=$1 chunk
            integer deadline=$(( SECONDS + 20 ))
            out=
            while (( SECONDS < deadline )); do
                if zpty -rt z chunk; then out+=$chunk; [[ $out == $~pattern ]] && return 0; else sleep 0.02; fi
            done
            print -r -- "TIMEOUT waiting for $pattern after: $out"
            exit 1
        }
        zpty -w z 'PS1="%% "; fpath=(${fpath:#/usr/share/zsh/vendor-completions}); autoload -Uz compinit; compinit -u -D; source <(loans completions zsh)'
        zpty -w z 'compadd() { local -A o; local -a hits disp; zparseopts -E -A o d: O: A: D:; if (( ${+o[-O]} || ${+o[-A]} || ${+o[-D]} )); then builtin compadd "$@"; return; fi; builtin compadd -A hits "$@"; if (( ${+o[-d]} )); then if [[ ${o[-d]} == \(* ]]; then eval "disp=${o[-d]}"; else disp=("${(@P)o[-d]}"); fi; fi; local i; for (( i = 1; i <= $#hits; i++ )); do print -r -- "<hit>${hits[i]}<desc>${disp[i]}</hit>"; done; builtin compadd "$@"; }'
        zpty -w z 'capture() { zle complete-word; print -r -- "<end""/>"; zle kill-whole-line; }; zle -N capture; bindkey "^T" capture; print -r -- "<bound""/>"'
        await '*<bound/>*'
        for line in "$@"; do
            print -r -- "== $line"
            zpty -w -n z "$line"$'\C-t'
            await '*<end/>*'
            print -r -- ${out//$'\r'/} | grep -ao '<hit>.*</hit>'
        done
        zpty -d z
        """#

    static let fishDriver = #"""
        loans completions fish | source; or exit 1
        for line in $argv
            echo "== $line"
            complete -C "$line"
        end
        """#
}
