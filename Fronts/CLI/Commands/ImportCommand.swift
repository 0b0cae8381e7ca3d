import LoansAdapters
import LoansCore
import LoansInterchange
import LoansText

/// `loans import FILE|- [--replace | --renumber] [--dry-run]`: streams the document of
/// `loans json all` (a window at a time, so memory stays bounded), checking each loan as it
/// writes it, all as one change. A bad document exits 65 and the change rolls back, so nothing
/// is written; so does a loan whose id is taken by a different loan, unless --replace or
/// --renumber says what to do with it.
struct ImportCommand {
    static let spec = CommandSpec(
        name: "import", options: ["--replace": .flag, "--renumber": .flag, "--dry-run": .flag], positionals: 1...1,
        usage: "loans import FILE|- [--replace | --renumber] [--dry-run]",
        detail: """
            Imports the document that 'loans json all' prints (FILE, or - for standard input). Any
            problem is reported by its path (loans[3].due_on) with exit 65 and nothing is written. A loan identical to the stored loan of the same id is left alone, so
            importing a document twice changes nothing the second time. A loan whose id is taken by a
            different loan (or was ever used) refuses the whole import, naming the ids, unless:
              --replace    the document's loan takes the place of the stored one
              --renumber   the document's loan gets a new id
              --dry-run    says what would be added, unchanged, replaced or renumbered; writes nothing
            """
    )

    struct Options: Equatable {
        var conflicts: ImportConflictRule = .refuse
        var dryRun = false
    }

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options {
        var options = Options(dryRun: raw.options["--dry-run"] != nil)
        switch (raw.options["--replace"], raw.options["--renumber"]) {
        case (nil, nil): break
        case (_?, nil): options.conflicts = .replace
        case (nil, _?): options.conflicts = .renumber
        default: throw .usage("give only one of --replace and --renumber", spec.usage)
        }
        return options
    }

    let request: Request

    func run(_ path: String, _ options: Options) throws -> ExitCode {
        let file = try InputFile(try StoreProvider.path(path, "import"))
        let outcome: ImportOutcome
        if options.dryRun, try !request.stores.databaseExists() {
            // Nothing to compare with, and a dry run must not create the database: all would be added.
            var count = ImportOutcome()
            try LoanDocument.decode(file.source) { _ in count.added += 1 }
            outcome = count
        } else {
            outcome = try request.stores.writing { store in
                try ImportLoans(store: store, conflicts: options.conflicts, dryRun: options.dryRun).runDocument { visit in
                    try LoanDocument.decode(file.source, visit)
                }
            }
        }
        request.console.out.line(ImportText.outcome(outcome, dryRun: options.dryRun))
        return .success
    }
}
