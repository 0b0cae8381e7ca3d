import LoansAdapters
import LoansCore
import LoansInterchange

/// `loans import FILE|-`: reads the document of `loans json all`, checks all of it, then writes
/// it in one transaction. A bad document exits 65 having written nothing (not even a new file).
struct ImportCommand {
    static let spec = CommandSpec(
        name: "import", options: [:], positionals: 1...1, usage: "loans import FILE|-",
        detail: """
            Imports the document that 'loans json all' prints (FILE, or - for standard input). The whole
            document is checked first; any problem is reported by its path (loans[3].due_on) with exit 65
            and nothing is written. Ids are kept where they are free; taken ones get new ids.
            """
    )

    let request: Request

    func run(_ path: String) throws -> ExitCode {
        let document = try InputFile.read(path)
        try document.withUnsafeBufferPointer { bytes in try LoanDocument.decode(bytes) { _ in } }
        let outcome = try ImportLoans(store: request.stores.writer()).run { visit in
            try document.withUnsafeBufferPointer { bytes in try LoanDocument.decode(bytes, visit) }
        }
        var line = "Imported \(outcome.imported) loan\(outcome.imported == 1 ? "" : "s")."
        if outcome.renumbered > 0 {
            line += " \(outcome.renumbered) got new ids because theirs were taken."
        }
        request.console.out.line(line)
        return .success
    }
}
