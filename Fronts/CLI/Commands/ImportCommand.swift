import LoansAdapters
import LoansCore
import LoansInterchange
import LoansText

/// `loans import FILE|-`: reads the document of `loans json all`, checks all of it, then writes
/// it in one transaction. A bad document exits 65 having written nothing (not even a new file).
struct ImportCommand: LoansCommand {
    static let file = PositionalDeclaration("FILE|-", .path, help: "the document to import, or - for standard input")
    static let declaration = CommandDeclaration(
        name: "import", abstract: "Import the document that 'loans json all' prints.",
        discussion: """
            FILE, or - for standard input. The whole document is checked first; any problem is reported by its path (loans[3].due_on) with exit 65 and nothing is written. Ids are kept where they are free; taken ones get new ids.
            """,
        positionals: [file]
    )

    /// The document's path; nil for standard input.
    let path: SystemPath?

    init(_ input: CommandInput) {
        let path = input.positional(0)?.path
        self.path = path?.bytes == Array("-".utf8) ? nil : path
    }

    func run(_ request: Request) throws -> ExitCode {
        let document = try InputFile.read(path.map(StoreProvider.adapterPath) ?? "-")
        var total = 0
        try document.withUnsafeBufferPointer { bytes in try LoanDocument.decode(bytes) { _ in total += 1 } }
        let progress = ProgressBar(total: total, console: request.console)
        let outcome = try ImportLoans(store: request.stores.writer()).run { visit in
            try document.withUnsafeBufferPointer { bytes in
                try LoanDocument.decode(bytes) { loan in
                    try visit(loan)
                    progress?.advance()
                }
            }
        }
        progress?.finish()
        request.console.out.line(ImportText.outcome(outcome, dryRun: false))
        return .success
    }
}
