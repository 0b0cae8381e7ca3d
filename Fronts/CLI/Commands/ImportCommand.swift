import LoansAdapters
import LoansArguments
import LoansCore
import LoansInterchange
import LoansText

/// `loans import FILE|- [--replace | --renumber] [--dry-run]`: streams the document of
/// `loans json all` (a window at a time, so memory stays bounded), checking each loan as it
/// writes it, all as one change. A bad document exits 65 and the change rolls back, so nothing
/// is written; so does a loan whose id is taken by a different loan, unless --replace or
/// --renumber says what to do with it.
struct ImportCommand: LoansCommand {
    static let file = Positional("FILE|-", .path, help: "the document to import, or - for standard input")
    static let replace = Flag("--replace", help: "a loan whose id is taken by a different loan takes its place")
    static let renumber = Flag("--renumber", help: "a loan whose id is taken by a different loan gets a new id")
    static let dryRun = Flag("--dry-run", help: "say what would be added, unchanged, replaced or renumbered (loans and contacts); write nothing")
    static let declaration = CommandDeclaration(
        CommandName.importDocument, abstract: "Import the document that 'loans json all' prints.",
        discussion: """
            FILE, or - for standard input. Any problem is reported by its path (loans[3].due_on) with exit 65 and nothing is written.

            A loan identical to the stored loan of the same id is left alone, so importing a document twice changes nothing the second time. A loan whose id is taken by a different loan (or was ever used) refuses the whole import, naming the ids, unless --replace or --renumber says what to do. The document's contacts (people) are kept too: a contact identical to the stored one of the same name is left alone, one that differs takes its place.

            A document with a history ('loans json all --history') imported into an empty database (no loans, no history) moves whole: its changes are kept as they were, so history, undo and redo go on as before, and the import adds no change of its own. Into a database that is not empty the history is checked but left aside (the output says so) and the loans are imported as one change.
            """,
        positionals: [file],
        rules: [.oneOf(required: false) { replace; renumber }]
    ) {
        replace
        renumber
        dryRun
    }

    /// The document's path; nil for standard input.
    let path: SystemPath?
    let conflicts: ImportConflictRule
    let dryRun: Bool

    init(_ input: CommandInput) {
        let path = input[Self.file]
        self.path = path?.bytes == Array("-".utf8) ? nil : path
        conflicts = input[Self.replace] ? .replace : input[Self.renumber] ? .renumber : .refuse
        dryRun = input[Self.dryRun]
    }

    func run(_ request: Request) throws -> ExitCode {
        let path = self.path ?? SystemPath("-")!
        let progress = dryRun ? nil : try ImportCommand.progress(path, request.console)
        let file = try InputFile(path)
        // The document's history and loans, then the identity of the store it came from, if it names one.
        let document = { (visitor: any LoanDocumentVisitor) throws -> String? in
            try LoanDocument.decode(file.source, visitor: Advancing(base: visitor, progress: progress))
        }
        let outcome: ImportOutcome
        if dryRun, try !request.stores.databaseExists() {
            // Nothing to compare with, and a dry run must not create the database: all would be
            // added, and the history adopted.
            let counting = Counting()
            _ = try document(counting)
            outcome = counting.outcome
        } else {
            outcome = try request.stores.writing(repeatable: false) { store in
                try ImportLoans(store: store, conflicts: conflicts, dryRun: dryRun).run(document: document)
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
        guard (try? FileStatus(path))?.kind == .regular else { return nil }
        var total = 0
        _ = try LoanDocument.decode(InputFile(path).source) { _ in total += 1 }
        return ProgressBar(total: total, console: console)
    }
}

/// Hands each part on, advancing the progress bar by each loan.
private final class Advancing: LoanDocumentVisitor {
    let base: any LoanDocumentVisitor
    let progress: ProgressBar?

    init(base: any LoanDocumentVisitor, progress: ProgressBar?) {
        self.base = base
        self.progress = progress
    }

    func change(_ change: Change) throws { try base.change(change) }
    func delta(_ delta: LoanDelta) throws { try base.delta(delta) }
    func personDelta(_ delta: PersonDelta) throws { try base.personDelta(delta) }
    func person(_ person: Person) throws { try base.person(person) }

    func loan(_ loan: Loan) throws {
        try base.loan(loan)
        progress?.advance()
    }
}

/// What a dry run into a database that does not exist yet would do: add every loan and contact,
/// adopt the whole history.
private final class Counting: LoanDocumentVisitor {
    var outcome = ImportOutcome()

    func change(_ change: Change) throws { outcome.adoptedChanges += 1 }
    func delta(_ delta: LoanDelta) throws {}
    func personDelta(_ delta: PersonDelta) throws {}
    func person(_ person: Person) throws { outcome.peopleAdded += 1 }
    func loan(_ loan: Loan) throws { outcome.added += 1 }
}
