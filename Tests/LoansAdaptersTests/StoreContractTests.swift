import Foundation
import LoansAdapters
import LoansArgon2
import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// The store contract (LoansTestSupport's `StoreContract`) run against every store — PostgreSQL on
/// the tests' throwaway server: a new store joins by adding one case here.
@Suite struct StoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, fixture, sqlite, postgres
        var testDescription: String { rawValue }

        /// A fresh store of this kind holding `loans` and `people`; its files live in `folder`.
        func make(_ loans: [Loan], people: [Person] = [], in folder: String) throws -> any LoanReading {
            switch self {
            case .memory:
                return MemoryStore(loans: loans, people: people)
            case .fixture:
                return FixtureLoanStore(loans: loans, people: people)
            case .sqlite:
                let path = folder + "/loans-\(UInt64.random(in: 0...UInt64.max)).db"
                try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).seed(loans, people: people)
                return try LoanDatabase.reader(at: SystemPath(path)!)
            case .postgres:
                let server = try PostgresServer.shared()
                let url = server.url(try server.createDatabase())
                try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive).seed(loans, people: people)
                return try PostgresDatabase.reader(url, client: PostgresClient(user: Author.tester.name, waiting: .keepalive))
            }
        }
    }

    @Test(arguments: Kind.allCases, StoreContract.checks)
    func contract(_ kind: Kind, _ check: StoreCheck) throws {
        let folder = try TemporaryFolder()
        let path = folder.path
        try check.run { loans in try kind.make(loans, in: path) }
    }

    @Test(arguments: Kind.allCases, StoreContract.peopleChecks)
    func people(_ kind: Kind, _ check: PeopleCheck) throws {
        let folder = try TemporaryFolder()
        let path = folder.path
        try check.run { loans, people in try kind.make(loans, people: people, in: path) }
    }

    /// The stores that can be written, each writer on one shared store.
    enum Writable: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite, postgres
        var testDescription: String { rawValue }
    }

    @Test(arguments: Writable.allCases, ChangeContract.checks + FeedContract.checks)
    func changes(_ kind: Writable, _ check: ChangeCheck) throws {
        let folder = try TemporaryFolder()
        let memory = MemoryStore()
        var url = ""
        if kind == .postgres {
            let server = try PostgresServer.shared()
            url = server.url(try server.createDatabase())
        }
        try check.run({ author in
            switch kind {
            case .memory:
                memory.author = author
                return memory
            case .sqlite:
                return try LoanDatabase.writer(at: SystemPath(folder.file("loans.db"))!, author: Author(name: author, clock: Author.tester.clock))
            case .postgres:
                return try PostgresDatabase.writer(url, author: Author(name: author, clock: Author.tester.clock), waiting: .keepalive)
            }
        }, who: { kind == .postgres ? "\($0) as \(PostgresServer.role)" : $0 })
    }

    @Test(arguments: Writable.allCases, StoreContract.writeChecks)
    func writingContract(_ kind: Writable, _ check: StoreWriteCheck) throws {
        let folder = try TemporaryFolder()
        try check.run { loans in
            switch kind {
            case .memory:
                return MemoryStore(loans: loans)
            case .sqlite:
                let store = try LoanDatabase.writer(at: SystemPath(folder.file("loans.db"))!, author: .tester)
                try store.seed(loans)
                return store
            case .postgres:
                let server = try PostgresServer.shared()
                let store = try PostgresDatabase.writer(server.url(try server.createDatabase()), author: .tester, waiting: .keepalive)
                try store.seed(loans)
                return store
            }
        }
    }

    /// The stores that keep sessions and one-time links (a database: the web front's sign-ins).
    enum SigningIn: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite, postgres
        var testDescription: String { rawValue }
    }

    @Test(arguments: SigningIn.allCases, SignInContract.checks)
    func signIns(_ kind: SigningIn, _ check: SignInCheck) throws {
        let folder = try TemporaryFolder()
        var url = ""
        if kind == .postgres {
            let server = try PostgresServer.shared()
            url = server.url(try server.createDatabase())
        }
        let memory = (MemorySignIns(), MemoryStore())
        try check.run(passwords: Argon2id()) {
            switch kind {
            case .memory:
                return memory
            case .sqlite:
                let location = DatabaseLocation(path: SystemPath(folder.file("loans.db"))!, folders: .mustExist)
                let engine = SQLiteEngine(location, run: StoreRun { .tester })
                return (try engine.signIns(upTo: 2), try engine.writer())
            case .postgres:
                let engine = PostgresEngine(url, run: StoreRun(keepsRunning: true) { .tester })
                return (try engine.signIns(upTo: 2), try engine.writer())
            }
        }
    }

    /// The stores that keep the reminders' sent-state.
    enum Reminding: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite, postgres
        var testDescription: String { rawValue }
    }

    @Test(arguments: Reminding.allCases, ReminderContract.checks)
    func reminders(_ kind: Reminding, _ check: ReminderCheck) throws {
        let folder = try TemporaryFolder()
        let memory = MemoryStore()
        var url = ""
        if kind == .postgres {
            let server = try PostgresServer.shared()
            url = server.url(try server.createDatabase())
        }
        try check.run { author in
            switch kind {
            case .memory:
                memory.author = author
                return (memory, memory)
            case .postgres:
                let writer = try PostgresDatabase.writer(url, author: Author(name: author, clock: Author.tester.clock), waiting: .keepalive)
                let client = PostgresClient(user: author, waiting: .keepalive)
                return (writer, try PostgresDatabase.reminders(url, recordingAs: Author(name: author, clock: Author.tester.clock), client: client))
            case .sqlite:
                let path = folder.file("loans.db")
                let writer = try LoanDatabase.writer(at: SystemPath(path)!, author: Author(name: author, clock: Author.tester.clock))
                let ledger = try LoanDatabase.reminders(
                    at: DatabaseLocation(path: SystemPath(path)!, folders: .mustExist), recordingAs: Author(name: author, clock: Author.tester.clock)
                )
                return (writer, ledger)
            }
        }
    }
}
