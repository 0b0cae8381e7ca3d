import Foundation
import Testing

/// The rules an import document obeys beyond its shape: each broken one exits 65, writes nothing
/// and names the value by its path; a UTF-8 byte-order mark is accepted.
@Suite struct DocumentRulesTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// A one-loan document whose loan has `fields` replaced or added (raw JSON text each).
    static func document(_ fields: [String: String]) -> String {
        var loan: [(String, String)] = [
            ("id", "1"), ("title", #""Dune""#), ("direction", #""lent""#), ("counterparty", #""Ann""#),
            ("lent_on", #""2026-11-01""#), ("due_on", #""2026-11-28""#), ("returned_on", "null"), ("note", "null"),
            ("renewals", "0"), ("previous_due_dates", "[]"), ("status", #""overdue""#),
        ]
        for (key, value) in fields {
            if let index = loan.firstIndex(where: { $0.0 == key }) { loan[index].1 = value } else { loan.append((key, value)) }
        }
        let object = loan.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
        return #"{"schema_version": 1, "query": "all", "loans": [{"# + object + "}]}"
    }

    func importing(_ bytes: Data, into db: String? = nil) throws -> BinaryHarness.Result {
        let path = loans.folder + "/document.json"
        try bytes.write(to: URL(fileURLWithPath: path))
        return try loans.run(BinaryHarness.binary, (db.map { ["--db", $0] } ?? []) + ["import", path])
    }

    func expectRefused(_ bytes: Data, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try loans("add", "Kept", "--to", "A", "--due", "+1d").status == 0)
        let before = try loans("json", "all").out.dropFirst(80)
        let result = try importing(bytes)
        #expect(result.status == 65 && result.out.isEmpty, "\(result.err)", sourceLocation: sourceLocation)
        #expect(result.err == "loans: \(message)\n", sourceLocation: sourceLocation)
        #expect(try loans("json", "all").out.dropFirst(80) == before, sourceLocation: sourceLocation)
    }

    @Test func aByteOrderMarkIsAccepted() throws {
        defer { loans.remove() }
        let result = try importing(Data([0xEF, 0xBB, 0xBF]) + Data(Self.document([:]).utf8))
        #expect(result.status == 0 && result.out == "Imported 1 loan.\n", "\(result.err)")
        #expect(try loans("show", "1").out.contains("Dune"))
    }

    @Test func idsRunFromOneToTwoToTheFiftyThreeMinusOne() throws {
        defer { loans.remove() }
        for (id, message) in [
            ("0", "0 is not an id (ids run from 1 to 9007199254740991)"),
            ("-3", "-3 is not an id (ids run from 1 to 9007199254740991)"),
            ("9007199254740992", "9007199254740992 is not an id (ids run from 1 to 9007199254740991)"),
            ("9223372036854775807", "9223372036854775807 is not an id (ids run from 1 to 9007199254740991)"),
            ("99999999999999999999", "99999999999999999999 is not an id (ids run from 1 to 9007199254740991)"),
        ] {
            try expectRefused(Data(Self.document(["id": id]).utf8), "loans[0].id: \(message)")
        }
        let largest = try importing(Data(Self.document(["id": "9007199254740991"]).utf8))
        #expect(largest.status == 0, "\(largest.err)")
    }

    @Test func statusIsOneOfTheFour() throws {
        defer { loans.remove() }
        try expectRefused(
            Data(Self.document(["status": #""lost""#]).utf8),
            #"loans[0].status: "lost" is not a status (overdue, due_soon, open or returned)"#
        )
        try expectRefused(Data(Self.document(["status": "3"]).utf8), "loans[0].status: expected a string, found a number")
        for status in ["overdue", "due_soon", "open", "returned"] {
            let db = loans.folder + "/\(status).db"
            #expect(try importing(Data(Self.document(["status": "\"\(status)\""]).utf8), into: db).status == 0)
        }
    }

    @Test func earlierDueDatesIncreaseAndPrecedeTheDueDate() throws {
        defer { loans.remove() }
        for (dates, message) in [
            (#"["2026-11-20", "2026-11-10"]"#, #"loans[0].previous_due_dates[1]: 2026-11-10 is not after 2026-11-20 (earlier due dates run oldest first)"#),
            (#"["2026-11-20", "2026-11-20"]"#, #"loans[0].previous_due_dates[1]: 2026-11-20 is not after 2026-11-20 (earlier due dates run oldest first)"#),
            (#"["2026-11-28"]"#, #"loans[0].previous_due_dates[0]: 2026-11-28 is not before the due date 2026-11-28"#),
            (#"["2026-12-01"]"#, #"loans[0].previous_due_dates[0]: 2026-12-01 is not before the due date 2026-11-28"#),
        ] {
            let renewals = dates.filter { $0 == "," }.count + 1
            try expectRefused(Data(Self.document(["previous_due_dates": dates, "renewals": "\(renewals)"]).utf8), message)
        }
    }

    /// Bytes that are not UTF-8 are refused wherever they stand, never replaced.
    @Test func invalidUTF8IsRefusedAnywhere() throws {
        defer { loans.remove() }
        let text = Self.document(["note": #""NOTE""#])
        for (marker, replacement) in [("NOTE", [0x63, 0xE9]), ("Dune", [0xFF]), ("overdue", [0xC3]), ("Ann", [0xED, 0xA0, 0x80])] as [(String, [UInt8])] {
            var bytes = Array(text.utf8)
            let range = try #require(bytes.firstRange(of: Array(marker.utf8)))
            bytes.replaceSubrange(range, with: replacement)
            let result = try importing(Data(bytes))
            #expect(result.status == 65 && result.err.contains("invalid UTF-8"), "\(marker): \(result.err)")
            #expect(!result.err.contains("\u{FFFD}"))
        }
        var generated = Array(#"{"schema_version": 1, "generated_at": "x"#.utf8) + [0xFE] + Array(#"", "loans": []}"#.utf8)
        let envelope = try importing(Data(generated))
        #expect(envelope.status == 65 && envelope.err.contains("invalid UTF-8"), "\(envelope.err)")
        generated = Array(#"{"schema_version": 1, "loans": [], "#.utf8) + [0x22, 0xFF, 0x22] + Array(#": 1}"#.utf8)
        let key = try importing(Data(generated))
        #expect(key.status == 65 && key.err.contains("invalid UTF-8"), "\(key.err)")
    }
}
