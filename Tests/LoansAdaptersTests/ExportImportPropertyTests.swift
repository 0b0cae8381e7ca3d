import LoansAdapters
import LoansCore
import LoansDocument
import LoansInterchange
import LoansPostgres
import LoansTestSupport
import Testing

/// Export and import agree, on every engine: after each step of a seeded random sequence of
/// writes (add, edit — the due date too, before or after earlier renewals — renew, return,
/// reopen, remove, a contact set, undo, redo; some refused by the rules), the document `loans json all` writes
/// imports into an empty store, and that store writes the same document again, byte for byte.
/// At the end of each sequence the same holds for `json all --history` (the history moves
/// with the loans). A state that export writes and import refuses — one corrected loan — would
/// block every backup and every move.
@Suite struct ExportImportPropertyTests {
    enum Engine: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// An empty writable store of the engine, made anew each time it is asked for.
    final class Stores {
        let engine: Engine
        let folder: TemporaryFolder
        private var made = 0

        init(_ engine: Engine) throws {
            self.engine = engine
            folder = try TemporaryFolder()
        }

        func empty(as author: String = "alice@home") throws -> any LoanWriting {
            made += 1
            let writer = Author(name: author, clock: Author.tester.clock)
            switch engine {
            case .sqlite:
                return try LoanDatabase.writer(at: SystemPath(folder.file("store\(made).db"))!, author: writer)
            case .postgres:
                let server = try PostgresServer.shared()
                return try PostgresDatabase.writer(server.url(try server.createDatabase()), author: writer, waiting: .keepalive)
            }
        }
    }

    static let today = Sample.today
    static let policy = DuePolicy(today: today, window: .standard)
    static let moment = UTCTimestamp(date: today, hour: 12, minute: 0, second: 0)

    /// The bytes of `json all` (with `--history`: the history first, oldest first).
    static func export(_ store: any LoanReading, history: Bool = false) throws -> [UInt8] {
        var presenter = JSONPresenter(
            query: AgendaQuery(store: store), policy: policy, generatedAt: moment, databaseID: try store.databaseIdentity()
        )
        if history { presenter.history = HistoryQuery(store: store) }
        let sink = CapturedBytes()
        var writer = JSONDocumentWriter(ndjson: false, into: sink)
        try presenter.present(.all, to: &writer)
        return sink.bytes
    }

    /// Imports `document` as `loans import` does, into `store`.
    static func importing(_ document: [UInt8], into store: any LoanWriting) throws -> ImportOutcome {
        try ImportLoans(store: store).run { visitor in try LoanDocument.decode(.bytes(document), visitor: visitor) }
    }

    /// Exports `store`, imports that into an empty store, exports again: the two documents are equal.
    static func roundTrip(_ store: any LoanReading, _ stores: Stores, history: Bool, _ context: String) throws {
        let written = try export(store, history: history)
        let target = try stores.empty()
        do {
            _ = try importing(written, into: target)
        } catch {
            Issue.record("\(context): the document export wrote was refused: \(error)\n\(String(decoding: written, as: UTF8.self))")
            return
        }
        let again = try export(target, history: history)
        #expect(again == written, "\(context): exported again differently")
    }

    @Test(arguments: Engine.allCases)
    func everyStateExportedImportsAndExportsAgainIdentically(_ engine: Engine) throws {
        let stores = try Stores(engine)
        let steps = engine == .sqlite ? 120 : 40
        for seed: UInt64 in [3, 2026] {
            let store = try stores.empty()
            var random = SplitMix(seed: seed)
            for step in 0..<steps {
                let kind = try Self.write(step, store, &random)
                try Self.roundTrip(store, stores, history: false, "seed \(seed), step \(step) (\(kind))")
            }
            try Self.roundTrip(store, stores, history: true, "seed \(seed), with the history")
        }
    }

    /// One random write (refusals by the rules are part of the sequence); names what it tried.
    static func write(_ step: Int, _ store: any LoanWriting, _ random: inout SplitMix) throws -> String {
        var ids: [LoanID] = []
        try store.loans(.all) { ids.append($0.id) }
        let id = ids.isEmpty ? LoanID(1) : ids[Int.random(in: 0..<ids.count, using: &random)]
        let day = Sample.day(Int.random(in: 0..<60, using: &random) - 30)
        do {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                _ = try AddLoan(store: store).run(LoanDraft(
                    title: "L\(step)", direction: Int.random(in: 0..<2, using: &random) == 0 ? .lent : .borrowed,
                    counterparty: "P\(Int.random(in: 0..<4, using: &random))", lentOn: Sample.day(-60), dueOn: day
                ))
                return "add"
            case 2, 3:
                var edit = LoanEdit()
                edit.dueOn = day
                if Int.random(in: 0..<3, using: &random) == 0 { edit.note = "note \(step)" }
                _ = try EditLoan(store: store).run(id, edit)
                return "edit \(id) --due \(day)"
            case 4, 5:
                _ = try RenewLoan(store: store).run(id, to: .offset(DateOffset(count: 1 + Int.random(in: 0..<20, using: &random), unit: .days)))
                return "renew \(id)"
            case 6:
                _ = try ReturnLoan(store: store).run(id, on: min(day, today), today: today)
                return "return \(id)"
            case 7:
                _ = try ReopenLoan(store: store).run(id)
                return "reopen \(id)"
            case 8:
                _ = try UndoChange(store: store).run()
                return "undo"
            default:
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    try RemoveLoan(store: store).run(id)
                    return "remove \(id)"
                case 1:
                    _ = try RedoChange(store: store).run()
                    return "redo"
                default:
                    // A contact for a counterparty, in either letter case, with an address or none.
                    let party = Int.random(in: 0..<4, using: &random)
                    let name = Int.random(in: 0..<2, using: &random) == 0 ? "P\(party)" : "p\(party)"
                    let email = Int.random(in: 0..<2, using: &random) == 0 ? nil : try? EmailAddress(parsing: "p\(party)+\(step)@example.org")
                    _ = try SetPerson(store: store).run(name, email: email)
                    return "person \(name)"
                }
            }
        } catch {
            if case .store = error { throw error }
            return "refused"
        }
    }
}
