import Glibc
import LoansCLI
import LoansCore

/// The completion entry's invariants for any words after `loans __complete --fixture FILE`
/// (NUL-separated): nothing ever on stderr, whatever the words; on stdout nothing, the
/// command's help or the version, or candidates — each line one that a well-formed request
/// (`ids` or `names`, for bash, zsh or fish) gives for the same loans. Words that name a
/// PostgreSQL server are left out: the fuzzer reaches no network.
enum CompletionCheck {
    static let now = Now(today: FuzzTarget.today, utc: UTCTimestamp(date: FuzzTarget.today, hour: 12, minute: 0, second: 0))

    /// The fixture's path, for the removal at the process's end.
    nonisolated(unsafe) private static var fixturePath: UnsafeMutablePointer<CChar>?

    /// A fixture of hostile titles and names, written once per process into the temporary
    /// folder (`TMPDIR`, else /tmp) and removed at its end.
    static let fixture: [UInt8] = {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let path = folder + "/loans-fuzz-completion-\(getpid()).json"
        let loans = [
            (1, "Colon: and \\\\ backslash", "lent", "Alice", "2026-11-30"),
            (2, "Tab\\there\\nnewline", "borrowed", "City: Library", "2026-11-20"),
            (3, "\\u001b[31mred\\u001b[0m", "lent", "Sam\\u2028next door", "2026-12-01"),
            (4, "Emoji 👨‍👩‍👧 [x]", "borrowed", "'quote\\\" and $(x)", "2026-12-24"),
        ].map { id, title, direction, party, due in
            """
            {"id":\(id),"title":"\(title)","direction":"\(direction)","counterparty":"\(party)","lent_on":"2026-11-01",\
            "due_on":"\(due)","returned_on":null,"note":null,"previous_due_dates":[]}
            """
        }
        let document = "{\"schema_version\":1,\"query\":\"all\",\"loans\":[\(loans.joined(separator: ","))]}"
        guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
        fputs(document, file)
        fclose(file)
        fixturePath = strdup(path)
        atexit { if let path = CompletionCheck.fixturePath { unlink(path) } }
        return Array(path.utf8)
    }()

    /// Every line a well-formed request prints, and the help and version texts.
    static let expected: (lines: Set<[UInt8]>, texts: Set<[UInt8]>) = {
        var lines = Set<[UInt8]>()
        for what in ["ids", "names"] {
            for shell in ["bash", "zsh", "fish"] {
                let (code, out, err) = run([what, shell].map { Array($0.utf8) })
                guard code == .success, err.isEmpty, !out.isEmpty else {
                    fatalError("__complete \(what) \(shell): exit \(code.rawValue), \(String(decoding: err, as: UTF8.self))")
                }
                lines.formUnion(out.split(separator: 0x0A).map(Array.init))
            }
        }
        let texts = [["ids", "--help"], ["ids", "--version"]].map { run($0.map { Array($0.utf8) }).out }
        guard texts.allSatisfy({ !$0.isEmpty }) else { fatalError("__complete ids --help or --version printed nothing") }
        return (lines, Set(texts))
    }()

    static func run(_ words: [[UInt8]]) -> (code: ExitCode, out: [UInt8], err: [UInt8]) {
        let console = Console(out: OutputChannel(), err: OutputChannel())
        let code = LoansCommandLine.run(
            bytes: [Array("__complete".utf8), Array("--fixture".utf8), fixture] + words,
            environment: ["HOME": Array("/nonexistent".utf8)], console: console, clock: StoppedClock(now)
        )
        return (code, console.out.captured, console.err.captured)
    }

    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        let lowered = bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        if lowered.indices.contains(where: { lowered[$0...].starts(with: "postgres".utf8) }) { return }
        let expected = expected
        let (code, out, err) = run(words)
        FuzzTarget.require(err.isEmpty, "completion printed an error: \(String(decoding: err, as: UTF8.self))")
        guard !out.isEmpty, !expected.texts.contains(out) else { return }
        FuzzTarget.require(code == .success, "candidates printed with exit \(code.rawValue)")
        FuzzTarget.require(out.last == 0x0A, "candidates do not end with a newline")
        for line in out.split(separator: 0x0A) {
            FuzzTarget.require(expected.lines.contains(Array(line)), "not a candidate: \(String(decoding: line, as: UTF8.self))")
        }
    }
}
