import Glibc
import LoansAdapters
import LoansCore
import LoansInterchange
import LoansText

/// `loans import FILE|- [--replace | --renumber] [--dry-run]`: streams the document of
/// `loans json all` (a window at a time, so memory stays bounded), checking each loan as it
/// writes it, all as one change. A bad document exits 65 and the change rolls back, so nothing
/// is written; so does a loan whose id is taken by a different loan, unless --replace or
/// --renumber says what to do with it.
struct ImportCommand: LoansCommand {
    static let file = PositionalDeclaration("FILE|-", .path, help: "the document to import, or - for standard input")
    static let replace = OptionDeclaration("--replace", .flag, help: "a loan whose id is taken by a different loan takes its place")
    static let renumber = OptionDeclaration("--renumber", .flag, help: "a loan whose id is taken by a different loan gets a new id")
    static let dryRun = OptionDeclaration(
        "--dry-run", .flag, help: "say what would be added, unchanged, replaced or renumbered; write nothing"
    )
    static let declaration = CommandDeclaration(
        .importDocument, abstract: "Import the document that 'loans json all' prints.",
        discussion: """
            FILE, or - for standard input. Any problem is reported by its path (loans[3].due_on) with exit 65 and nothing is written.

            A loan identical to the stored loan of the same id is left alone, so importing a document twice changes nothing the second time. A loan whose id is taken by a different loan (or was ever used) refuses the whole import, naming the ids, unless --replace or --renumber says what to do.
            """,
        positionals: [file], options: [replace, renumber, dryRun],
        rules: [.oneOf([replace, renumber], required: false)]
    )

    /// The document's path; nil for standard input.
    let path: SystemPath?
    let conflicts: ImportConflictRule
    let dryRun: Bool

    init(_ input: CommandInput) {
        let path = input.positional(0)?.path
        self.path = path?.bytes == Array("-".utf8) ? nil : path
        conflicts = input.flag(ImportCommand.replace) ? .replace : input.flag(ImportCommand.renumber) ? .renumber : .refuse
        dryRun = input.flag(ImportCommand.dryRun)
    }

    func run(_ request: Request) throws -> ExitCode {
        let path = self.path ?? SystemPath("-")!
        let progress = dryRun ? nil : try ImportCommand.progress(path, request.console)
        let file = try InputFile(path)
        // Each loan of the document, then the identity of the store it came from, if it names one.
        let document = { (visit: (Loan) throws -> Void) throws -> String? in
            try LoanDocument.decode(file.source) { loan in
                try visit(loan)
                progress?.advance()
            }
        }
        let outcome: ImportOutcome
        if dryRun, try !request.stores.databaseExists() {
            // Nothing to compare with, and a dry run must not create the database: all would be added.
            var count = ImportOutcome()
            _ = try document { _ in count.added += 1 }
            outcome = count
        } else {
            outcome = try request.stores.writing { store in
                try ImportLoans(store: store, conflicts: conflicts, dryRun: dryRun).runDocument(document)
            }
        }
        progress?.finish()
        request.console.out.line(ImportText.outcome(outcome, dryRun: dryRun))
        return .success
    }

    /// The progress bar of an import: only when stderr is a terminal and the document is a file
    /// (standard input cannot be read twice), whose loans are first counted in a reading pass
    /// (bounded memory, like the import) so the bar knows its end; nil for a short document.
    private static func progress(_ path: SystemPath, _ console: Console) throws -> ProgressBar? {
        guard console.err.isTerminal, path.bytes != Array("-".utf8) else { return nil }
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var total = 0
        _ = try LoanDocument.decode(InputFile(path).source) { _ in total += 1 }
        return ProgressBar(total: total, console: console)
    }
}
