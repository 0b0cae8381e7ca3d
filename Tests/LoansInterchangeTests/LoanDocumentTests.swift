import Foundation
import LoansCore
import LoansInterchange
import LoansTestSupport
import Testing

@Suite struct LoanDocumentTests {
    static let loan = """
        {"id": 4, "title": "The Hobbit", "direction": "lent", "counterparty": "Alice",
         "lent_on": "2026-11-01", "due_on": "2026-11-28", "returned_on": null,
         "note": null, "renewals": 0, "previous_due_dates": [],
         "status": "overdue", "days_until_due": -1}
        """

    func decode(_ text: String) throws -> [Loan] {
        try LoanDocument.decode(Array(text.utf8))
    }

    func document(_ loans: String..., extra: String = "") -> String {
        #"{"schema_version": 1, "query": "all"\#(extra), "loans": [\#(loans.joined(separator: ","))]}"#
    }

    @Test func readsTheContractsExample() throws {
        let loans = try decode(document(Self.loan, extra: #", "generated_at": "2026-11-29T11:40:00Z", "today": "2026-11-29", "window_days": 7, "summary": {"overdue": 1, "due_soon": 0}"#))
        #expect(loans == [Loan(
            id: LoanID(4), title: "The Hobbit", direction: .lent, counterparty: "Alice",
            lentOn: .on("2026-11-01"), dueOn: .on("2026-11-28")
        )])
    }

    @Test func decodesEscapesAndKeepsUnicode() throws {
        let loan = #"{"id": 1, "title": "q\"b\\s\/n\nt\te\u001b\u2028 \ud83d\ude00 界", "direction": "borrowed", "counterparty": "Bib", "lent_on": "2026-01-01", "due_on": "2026-01-02", "note": "x", "renewals": 1, "previous_due_dates": ["2026-01-01"]}"#
        let decoded = try #require(try decode(document(loan)).first)
        #expect(decoded.title == "q\"b\\s/n\nt\te\u{1B}\u{2028} 😀 界")
        #expect(decoded.renewals == 1 && decoded.note == "x")
    }

    /// Each bad document and the start of the message that names where it is bad.
    static let bad: [(String, String)] = [
        (#"{"schema_version": 1, "loans": [{"id": 1"#, "line 1, column"),
        (#"{"loans": []}"#, "schema_version: missing"),
        (#"{"schema_version": 2, "loans": []}"#, "schema_version: 2 is not a known version"),
        (#"{"schema_version": "1", "loans": []}"#, "schema_version: expected a number, found a string"),
        (#"{"schema_version": 1}"#, "loans: missing"),
        (#"{"schema_version": 1, "query": "agenda", "loans": []}"#, "query: \"agenda\" cannot be imported"),
        (#"{"schema_version": 1, "loans": {}}"#, "loans: expected an array, found an object"),
        (#"[1]"#, "document: expected an object"),
        (#"{"schema_version": 1, "loans": [], "extra": 1}"#, "document: \"extra\" is not a key"),
        (#"{"schema_version": 1, "schema_version": 1, "loans": []}"#, "document: key \"schema_version\" appears twice"),
        ("{\"schema_version\": 1, \"window\u{7F}days\": 1}", "document: \"window\\u{7f}days\" is not a key"),
        (#"{"schema_version": 1, "loans": []} x"#, "line 1, column 36: invalid JSON: unexpected text"),
        (#"{"schema_version": 1.0, "loans": []}"#, "schema_version: 1.0 is not a whole number"),
        (#"{"schema_version": 99999999999999999999, "loans": []}"#, "schema_version: 99999999999999999999 is out of range"),
    ]

    @Test(arguments: bad)
    func refusesBadEnvelopes(_ text: String, _ message: String) {
        #expect {
            _ = try decode(text)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    static let badLoans: [(String, String, String)] = [
        ("due_on", #""2026-02-30""#, #"loans[1].due_on: "2026-02-30" is not a date"#),
        ("id", "0", "loans[1].id: 0 is not an id (ids run from 1 to 9007199254740991)"),
        ("id", #""4""#, "loans[1].id: expected a number, found a string"),
        ("title", "7", "loans[1].title: expected a string, found a number"),
        ("title", #""  ""#, "loans[1].title: title must not be empty"),
        ("direction", #""given""#, #"loans[1].direction: "given" is neither"#),
        ("renewals", "-1", "loans[1].renewals: -1 is negative"),
        ("renewals", "2", "loans[1].renewals: 2 does not match the 0 dates"),
        ("lent_on", #""2026-12-01""#, "loans[1].due_on: due date 2026-11-28 is before the lent date 2026-12-01"),
        ("returned_on", #""2026-10-01""#, "loans[1].returned_on: return date"),
        ("note", "false", "loans[1].note: expected a string, found a boolean"),
        ("title", #""a\u0000b""#, "loans[1].title: title contains a NUL character (U+0000), which loans does not store"),
        ("previous_due_dates", #"["2026-11-31"]"#, #"loans[1].previous_due_dates[0]: "2026-11-31" is not a date"#),
        ("titel", #""x""#, "loans[1]: \"titel\" is not a key of a loan"),
    ]

    @Test(arguments: badLoans)
    func namesTheBadFieldOfTheSecondLoan(_ key: String, _ value: String, _ message: String) {
        var second = Self.loan.replacingOccurrences(of: #""id": 4"#, with: #""id": 5"#)
        if second.contains("\"\(key)\":") {
            second = second.replacingFirstValue(of: key, with: value)
        } else {
            second = second.replacingOccurrences(of: "{", with: "{\"\(key)\": \(value), ")
        }
        #expect {
            _ = try decode(document(Self.loan, second))
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func refusesDuplicateIDsAndMissingFields() {
        #expect(throws: DocumentError(path: "loans[1].id", message: "4 is also the id of loans[0]")) {
            try decode(document(Self.loan, Self.loan))
        }
        let missing = Self.loan.replacingOccurrences(of: #""due_on": "2026-11-28","#, with: "")
        #expect(throws: DocumentError(path: "loans[0]", message: "missing \"due_on\"")) { try decode(document(missing)) }
    }

    @Test(arguments: [
        "{\"schema_version\": 1, \"loans\": [{\"title\": \"a\u{01}\"}]}",
        "{\"schema_version\": 1, \"loans\": [\"\\ud800\"]}",
        "{\"schema_version\": 1, \"loans\": [\"\\x\"]}",
        "{\"schema_version\": 1, \"loans\": [01]}",
        "{\"schema_version\": 1, \"loans\": [1,]}",
        "{\"schema_version\": 1, \"loans\": [tru]}",
        String(repeating: "[", count: 100_000),
        "",
    ])
    func refusesInvalidJSON(_ text: String) {
        #expect(throws: DocumentError.self) { try decode(text) }
    }

    @Test func refusesInvalidUTF8() {
        var bytes = Array(document(Self.loan).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "H"))!
        bytes[at] = 0xFF
        #expect(throws: DocumentError.self) { try LoanDocument.decode(bytes) }
    }
}

extension String {
    /// Replaces the value after `"key": ` up to the next `,` or `}` (test documents only).
    func replacingFirstValue(of key: String, with value: String) -> String {
        guard let keyRange = range(of: "\"\(key)\": ") else { return self }
        var end = keyRange.upperBound
        var depth = 0
        while end < endIndex {
            let c = self[end]
            if c == "[" { depth += 1 }
            if c == "]" { depth -= 1 }
            if depth == 0, c == "," || c == "}" { break }
            end = index(after: end)
        }
        return replacingCharacters(in: keyRange.upperBound..<end, with: value)
    }
}
