import Foundation
import LoansCore
import LoansDocument
import LoansText
import LoansTestSupport
import Testing

/// The JSON view: document framing, ndjson, escaping and chunked output.
@Suite struct JSONDocumentWriterTests {
    let today = CivilDate(iso: "2026-11-29")!

    func item(_ id: Int64, title: String = "Dune", due: Int = 0, returned: Bool = false) -> LoanStanding {
        DuePolicy(today: today, window: .standard).standing(of: Loan(
            id: LoanID(id), title: title, direction: .borrowed, counterparty: "Library",
            lentOn: today.adding(days: -30)!, dueOn: today.adding(days: due)!, returnedOn: returned ? today : nil
        ))
    }

    /// Writes a document through the presenter-facing API by way of a one-off store.
    func write(_ items: [LoanStanding], ndjson: Bool, chunks: inout Int) throws -> String {
        let sink = CapturedBytes()
        var writer = JSONDocumentWriter(ndjson: ndjson, into: sink)
        let store = MemoryStore(loans: items.map(\.loan))
        try JSONPresenter(
            query: AgendaQuery(store: store), policy: DuePolicy(today: today, window: .standard),
            generatedAt: UTCTimestamp(date: today, hour: 11, minute: 40, second: 0), databaseID: nil
        ).present(.all, to: &writer)
        chunks = sink.chunks
        return sink.text
    }

    @Test func anEmptyDocumentIsComplete() throws {
        var chunks = 0
        let text = try write([], ndjson: false, chunks: &chunks)
        #expect(text == #"{"schema_version":1,"query":"all","generated_at":"2026-11-29T11:40:00Z","today":"2026-11-29","window_days":7,"summary":{"overdue":0,"due_soon":0},"database_id":null,"people":[],"loans":[]}"# + "\n")
        #expect(try write([], ndjson: true, chunks: &chunks) == "")
    }

    @Test func stringsAreEscapedPerRFC8259() throws {
        var chunks = 0
        let title = "q\"b\\s/\n\t\u{1B}\u{0}\u{7F}\u{9B}\u{2028}\u{2029}é😀"
        let text = try write([item(1, title: title)], ndjson: true, chunks: &chunks)
        #expect(text.contains(#""title":"q\"b\\s/\n\t\u001b\u0000\u007f\u009b\u2028\u2029é😀""#))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["title"] as? String == title)
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
    }

    /// `json all` carries the contacts, each on a line, after the history and before the loans;
    /// each change of the history carries its contacts after its loans (none: `[]`); the other
    /// queries and `--ndjson` carry no contacts.
    @Test func allCarriesTheContactsAndEachChangeItsOwn() throws {
        let store = MemoryStore()
        _ = try AddLoan(store: store).run(LoanDraft(title: "Dune", direction: .lent, counterparty: "Zoë", lentOn: today, dueOn: today))
        _ = try SetPerson(store: store).run("Zoë", email: try EmailAddress(parsing: "zoe@example.org"))
        _ = try SetPerson(store: store).run("Al\u{1B}ice", email: nil)
        func document(_ query: JSONQuery, history: Bool, ndjson: Bool = false) throws -> String {
            let sink = CapturedBytes()
            var writer = JSONDocumentWriter(ndjson: ndjson, into: sink)
            var presenter = JSONPresenter(
                query: AgendaQuery(store: store), policy: DuePolicy(today: today, window: .standard),
                generatedAt: UTCTimestamp(date: today, hour: 11, minute: 40, second: 0), databaseID: nil
            )
            if history { presenter.history = HistoryQuery(store: store) }
            try presenter.present(query, to: &writer)
            return sink.text
        }
        let lines = try document(.all, history: true).split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix(#""database_id":null,"changes":["#))
        #expect(lines[1].hasPrefix(#"{"id":1,"#) && lines[1].hasSuffix(#""people":[]},"#))
        #expect(lines[2].hasSuffix(#""kind":"person","target":null,"undone":false,"loans":[],"people":[{"before":null,"after":{"name":"Zoë","email":"zoe@example.org"}}]},"#))
        #expect(lines[4] == #"],"people":["#)
        #expect(lines[5] == #"{"name":"Al\u001bice","email":null},"#)
        #expect(lines[6] == #"{"name":"Zoë","email":"zoe@example.org"}"#)
        #expect(lines[7] == #"],"loans":["#)
        #expect(lines.count == 10 && lines[9] == "]}")
        let plain = try document(.all, history: false)
        #expect(plain.hasPrefix(#"{"schema_version":1,"query":"all","#) && plain.contains(#""database_id":null,"people":["#))
        #expect(try JSONSerialization.jsonObject(with: Data(plain.utf8)) is [String: Any])
        #expect(try !document(.agenda, history: false).contains("people"))
        #expect(try !document(.all, history: false, ndjson: true).contains("people"))
    }

    @Test func largeAnswersAreWrittenInChunks() throws {
        var chunks = 0
        let items = (1...3000).map { item(Int64($0), title: String(repeating: "t", count: 100), due: $0 % 20 - 10) }
        let text = try write(items, ndjson: false, chunks: &chunks)
        #expect(chunks > 5)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((parsed?["loans"] as? [Any])?.count == 3000)
        let summary = parsed?["summary"] as? [String: Int]
        #expect(summary == ["overdue": 1500, "due_soon": 1200])
    }
}

/// The writer serves any sink: a chunk at a time, and a sink that fails stops the walk.
@Suite struct DocumentSinkTests {
    struct Gone: Error {}

    /// A sink that takes `room` chunks, then fails, as a web client that went away does.
    final class ClosingSink: ByteSink {
        var room: Int
        var taken = 0
        init(room: Int) { self.room = room }
        func write(_ chunk: [UInt8]) throws {
            guard room > 0 else { throw Gone() }
            room -= 1
            taken += chunk.count
        }
    }

    @Test func aFailingSinkStopsTheWalkWithItsError() throws {
        let loans = (1...5000).map { Sample.loan(Int64($0), due: $0 % 30 - 15, title: String(repeating: "t", count: 80)) }
        let policy = DuePolicy(today: Sample.today, window: .standard)
        let sink = ClosingSink(room: 1)
        var writer = JSONDocumentWriter(ndjson: true, into: sink)
        #expect(throws: Gone.self) {
            try JSONPresenter(
                query: AgendaQuery(store: MemoryStore(loans: loans)), policy: policy,
                generatedAt: UTCTimestamp(date: Sample.today, hour: 0, minute: 0, second: 0), databaseID: nil
            ).present(.all, to: &writer)
        }
        #expect(sink.taken >= 1 << 16 && sink.taken < 1 << 17, "one chunk of about 64 KiB went out, then the walk stopped")
    }
}
