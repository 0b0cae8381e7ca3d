import LoansAdapters
import LoansCore

/// `--demo`: a throwaway database in a private temporary folder, seeded with loans around
/// today through the same use cases as the command line, removed however the run ends
/// (`RunCleanup`: normal end, error, failed output, or an ending signal).
final class DemoDatabase {
    let folder: SystemPath
    var path: SystemPath { folder.appending("/loans.db") }

    /// The author the seed is recorded as: not the user, so their `undo` never reverts the seed.
    static func seedAuthor(like user: Author) -> Author {
        Author(name: "loans --demo", clock: user.clock)
    }

    /// Creates and seeds the database in a new folder under `TMPDIR` (else `/tmp`). Ending signals
    /// wait until the files are registered for removal, so none can leave them behind.
    init(today: CivilDate, author: Author, variable: (String) -> [UInt8]?) throws {
        let base = variable("TMPDIR").flatMap { $0.first == UInt8(ascii: "/") ? SystemPath(bytes: $0) : nil } ?? SystemPath("/tmp")!
        folder = try RunCleanup.withEndingSignalsBlocked { () throws in
            let folder: SystemPath
            do {
                folder = try base.appending("/loans-demo-").makeTemporaryFolder()
            } catch {
                throw StoreError(.unavailable, "cannot create a demo folder in \(Quoted(base)): \(error)")
            }
            let database = folder.appending("/loans.db")
            RunCleanup.register(files: DemoDatabase.files(in: folder), folders: [folder])
            do {
                try DemoDatabase.seed(LoanDatabase.writer(at: database, author: DemoDatabase.seedAuthor(like: author)), today: today)
            } catch {
                RunCleanup.remove(files: DemoDatabase.files(in: folder), folders: [folder])
                throw error
            }
            return folder
        }
    }

    /// Removes the database and its folder.
    func remove() {
        RunCleanup.remove(files: DemoDatabase.files(in: folder), folders: [folder])
    }

    /// The database in `folder` and the companions SQLite makes beside it.
    private static func files(in folder: SystemPath) -> [SystemPath] {
        let database = folder.appending("/loans.db")
        return ([""] + LoanDatabase.companionSuffixes).map(database.appending)
    }

    private static func seed(_ store: any LoanWriting, today: CivilDate) throws {
        func day(_ offset: Int) -> CivilDate {
            today.adding(days: offset) ?? (offset < 0 ? .earliest : .latest)
        }
        let add = AddLoan(store: store)
        func loan(_ title: String, _ direction: Direction, _ party: String, lent: Int, due: Int, note: String? = nil) throws -> LoanID {
            try add.run(LoanDraft(title: title, direction: direction, counterparty: party, lentOn: day(lent), dueOn: day(due), note: note))
        }
        _ = try loan("The Hobbit", .lent, "Alice", lent: -30, due: -3, note: "Hardback, dust jacket slightly torn.")
        _ = try loan("Cordless drill", .lent, "Sam next door", lent: -10, due: -1)
        let dune = try loan("Dune", .borrowed, "City Library", lent: -21, due: -7)
        if day(0) > day(-7) { _ = try RenewLoan(store: store).run(dune, to: .date(day(0))) }
        _ = try loan("Camping tent", .borrowed, "Priya", lent: -5, due: 2)
        _ = try loan("The Pragmatic Programmer", .borrowed, "City Library", lent: -3, due: 6)
        _ = try loan("Azul (board game)", .lent, "Jonas", lent: -2, due: 20)
        let ladder = try loan("Ladder", .borrowed, "Dad", lent: -12, due: -6)
        _ = try ReturnLoan(store: store).run(ladder, on: day(-4), today: today)
    }
}
