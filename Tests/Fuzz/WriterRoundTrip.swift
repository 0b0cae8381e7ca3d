import LoansAdapters
import LoansCore
import LoansInterchange
import LoansDocument
import LoansTestSupport

/// The JSON writer's invariants for any loan at all: the document and the `--ndjson` line are
/// valid JSON with every control character escaped (nothing below 0x20 inside a string, no raw
/// DEL, C1, U+2028 or U+2029 anywhere), and the reader gives back exactly the loan written.
enum WriterRoundTrip {
    static let today = CivilDate(iso: "2026-11-29") ?? .earliest

    /// A loan that obeys the rules, built from any bytes: numbers from the first 24 bytes, then
    /// title, counterparty and note separated by 0xFF (a byte UTF-8 never uses; invalid UTF-8
    /// decodes to U+FFFD, as a Swift string always holds valid Unicode; NUL, which no loan text
    /// may hold, is left out).
    static func loan(from bytes: UnsafeBufferPointer<UInt8>) -> Loan {
        var numbers = bytes.prefix(24).makeIterator()
        func number(_ count: Int) -> Int {
            (0..<count).reduce(0) { value, _ in value << 8 | Int(numbers.next() ?? 0) }
        }
        let id = LoanID(Int64(1 + number(7) % Int(LoanID.maximum.rawValue)))
        let lentOn = CivilDate(dayNumber: number(3) % (CivilDate.latest.dayNumber + 1)) ?? today
        let dueOn = lentOn.adding(days: number(2)) ?? .latest
        let returnedOn = number(1).isMultiple(of: 2) ? nil : lentOn.adding(days: number(2)) ?? .latest
        let direction: Direction = number(1).isMultiple(of: 2) ? .lent : .borrowed
        let renewals = number(1) % 4
        let step = 1 + number(2) % 400
        let previous = (0..<renewals).compactMap { dueOn.adding(days: -(renewals - $0) * step) }.filter { $0 >= lentOn }
        let texts = bytes.dropFirst(24).split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0.filter { $0 != 0 }, as: UTF8.self) }
        // Brackets keep a name from trimming to nothing; the limits are kept by cutting.
        let name = { (index: Int) in "[" + String((index < texts.count ? texts[index] : "").prefix(LoanRules.nameLimit - 2)) + "]" }
        let note = texts.count > 2 ? String(texts[2].prefix(LoanRules.noteLimit)) : nil
        return Loan(
            id: id, title: name(0), direction: direction, counterparty: name(1), lentOn: lentOn, dueOn: dueOn,
            returnedOn: returnedOn, note: note, previousDueDates: previous
        )
    }

    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let loan = try? LoanRules.validated(loan(from: bytes)) else {
            FuzzTarget.require(false, "the harness built a loan that breaks a rule")
            return
        }
        let policy = DuePolicy(today: today, window: .standard)
        let presenter = JSONPresenter(
            query: AgendaQuery(store: FixtureLoanStore(loans: [loan])), policy: policy,
            generatedAt: UTCTimestamp(date: today, hour: 12, minute: 0, second: 0), databaseID: nil
        )
        for ndjson in [false, true] {
            let sink = CapturedBytes()
            var writer = JSONDocumentWriter(ndjson: ndjson, into: sink)
            do {
                try presenter.present(.all, to: &writer)
            } catch {
                FuzzTarget.require(false, "writing failed: \(error)")
            }
            var written = sink.bytes
            let problems = RawJSONControls.find(written)
            FuzzTarget.require(problems.isEmpty, "raw control characters in the output: \(problems)")
            if ndjson {
                FuzzTarget.require(written.last == 0x0A && written.filter { $0 == 0x0A }.count == 1, "not one ndjson line")
                written = Array(#"{"schema_version":1,"loans":["#.utf8) + written.dropLast() + Array("]}".utf8)
            }
            let read = try? LoanDocument.decode(written)
            FuzzTarget.require(read == [loan], "the reader gave back \(String(describing: read)) for \(loan)")
        }
    }
}
