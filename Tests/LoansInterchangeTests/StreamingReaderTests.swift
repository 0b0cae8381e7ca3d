import LoansCore
@testable import LoansInterchange
import Testing

/// The document reader streams through a fixed window: every token crosses the window's edge
/// somewhere for some window size, and the answer never depends on where the edges fall.
@Suite struct StreamingReaderTests {
    /// A document with escapes, numbers, nulls, nested skipped values, non-ASCII text and line
    /// breaks, so tokens of every kind straddle the edges of small windows.
    static let document: [UInt8] = {
        let loans = (1...12).map { index in
            """
            {"id": \(index), "title": "Bö\\u00f6k \\"\(index)\\" \\ud83d\\ude00 日本",
             "direction": "\(index % 2 == 0 ? "lent" : "borrowed")", "counterparty": "Ann",
             "lent_on": "2026-11-01", "due_on": "2026-11-\(10 + index)", "returned_on": \(index % 3 == 0 ? "\"2026-11-20\"" : "null"),
             "note": \(index % 4 == 0 ? "\"line\\nbreak\"" : "null"), "renewals": 1, "previous_due_dates": ["2026-11-05"],
             "status": "open", "days_until_due": -12345678}
            """
        }
        let text = """
            {"schema_version": 1, "query": "all", "generated_at": "2026-11-29T11:40:00Z", "today": "2026-11-29",
             "window_days": 7, "summary": {"overdue": 1, "due_soon": [1.5e3, true, false, null, {"x": []}]},
             "loans": [\(loans.joined(separator: ",\n"))]}
            """
        return Array(text.utf8)
    }()

    func decode(_ bytes: [UInt8], window: Int, limit: Int = LoanDocument.maximumBytes) throws -> [Loan] {
        var loans: [Loan] = []
        try LoanDocument.decode(.bytes(bytes), windowSize: window, limit: limit) { loans.append($0) }
        return loans
    }

    @Test func everyWindowSizeReadsTheSameLoans() throws {
        let expected = try LoanDocument.decode(Self.document)
        #expect(expected.count == 12)
        #expect(expected[0].title == "Böök \"1\" 😀 日本")
        for window in 40...120 {
            #expect(try decode(Self.document, window: window) == expected, "window \(window)")
        }
    }

    @Test func aSyntaxErrorIsPlacedTheSameWhateverTheWindow() throws {
        var broken = Self.document
        let at = try #require(broken.firstRange(of: Array("\"due_on\": \"2026-11-19\"".utf8)))
        broken[at.lowerBound + 8] = UInt8(ascii: ";")
        let expected = DocumentError(path: "line 45, column 35", message: "invalid JSON: expected ':'")
        for window in [40, 41, 57, 64, 100, 1 << 20] {
            #expect(throws: expected) { try decode(broken, window: window) }
        }
    }

    @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() throws {
        let marked = [0xEF, 0xBB, 0xBF] + Self.document
        #expect(try decode(marked, window: 40).count == 12)
        let twice = [0xEF, 0xBB, 0xBF] + marked
        #expect(throws: DocumentError(path: "line 1, column 2", message: "invalid JSON: unexpected character")) {
            try decode(twice, window: 40)
        }
    }

    @Test func aTokenLongerThanTheWindowIsNamedByItsPath() throws {
        let long = #"{"schema_version": 1, "loans": [{"id": 1, "title": ""# + String(repeating: "x", count: 40) + #""}]}"#
        #expect(throws: DocumentError(path: "loans[0].title", message: "longer than 32 bytes, the most one value may take")) {
            try decode(Array(long.utf8), window: 32)
        }
        let number = #"{"schema_version": 1, "loans": [{"id": 1"# + String(repeating: "0", count: 40) + "}]}"
        #expect(throws: DocumentError(path: "loans[0].id", message: "longer than 32 bytes, the most one value may take")) {
            try decode(Array(number.utf8), window: 32)
        }
        let key = #"{"schema_version": 1, "loans": [{""# + String(repeating: "k", count: 40) + #"": 1}]}"#
        #expect(throws: DocumentError(path: "loans[0]", message: "a key longer than 32 bytes, the most one value may take")) {
            try decode(Array(key.utf8), window: 32)
        }
    }

    /// Whitespace between tokens is never kept, so any amount of it fits any window.
    @Test func whitespaceNeverFillsTheWindow() throws {
        let padded = #"{"schema_version": 1, "loans": ["# + String(repeating: " \n", count: 500) + "]}"
        #expect(try decode(Array(padded.utf8), window: 24).isEmpty)
    }

    @Test func aDocumentOverTheLimitIsRefused() throws {
        let padded = #"{"schema_version": 1, "loans": ["# + String(repeating: " ", count: 500) + "]}"
        #expect(throws: DocumentError(path: "document", message: "larger than 300 bytes, the most loans reads")) {
            try decode(Array(padded.utf8), window: 64, limit: 300)
        }
        #expect(try decode(Array(padded.utf8), window: 64, limit: padded.utf8.count).isEmpty)
    }

    /// Lines are counted eight bytes at a time as the window moves on: exactly as one at a time.
    @Test func newlinesAreCountedExactly() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 63, 64, 1000] {
            let bytes = (0..<length).map { _ in [0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x41][Int.random(in: 0..<7, using: &generator)] as UInt8 }
            let counted = bytes.withUnsafeBufferPointer { JSONReader.newlines(in: $0) }
            #expect(counted == bytes.filter { $0 == 0x0A }.count, "\(bytes)")
        }
    }

    struct Broken: Error, Equatable {}

    @Test func whatTheSourceThrowsEndsTheDecoding() throws {
        var calls = 0
        let source = DocumentSource { buffer in
            calls += 1
            guard calls == 1 else { throw Broken() }
            let start = Array(#"{"schema_version": 1, "#.utf8)
            buffer.copyBytes(from: start)
            return start.count
        }
        #expect(throws: Broken()) { try LoanDocument.decode(source) { _ in } }
    }
}
