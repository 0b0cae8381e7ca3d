import Foundation
import LoansTestSupport
import Testing

/// Every control character a loan can hold — each C0 but NUL (U+0001…U+001F; NUL is refused
/// on the way in), DEL, each C1 (U+0080…U+009F) — and U+2028/U+2029, in a title, a
/// counterparty and a note, through `loans json all` and `--ndjson`. The output is read by a strict parser in a process of its own (Python's
/// `json.loads`, which refuses a raw control character in a string, where jq and Foundation
/// accept one) and scanned byte by byte: nothing below 0x20 inside a string, no raw DEL, C1,
/// U+2028 or U+2029 anywhere.
@Suite struct JSONControlCharacterTests {
    static let scalars: [UInt32] = Array(0x01...0x1F) + [0x7F] + Array(0x80...0x9F) + [0x2028, 0x2029]

    /// The text of loan `scalar` in `field`: the character between two letters (so trimming
    /// cannot touch it).
    static func text(_ field: Character, _ scalar: UInt32) -> String {
        "\(field)\(Character(Unicode.Scalar(scalar)!))\(field)"
    }

    /// An import document with one loan per character, written with `\uXXXX` escapes.
    static var document: String {
        let loans = scalars.enumerated().map { index, scalar in
            let escaped = { (field: String) in "\"\(field)\\u\(String(format: "%04x", scalar))\(field)\"" }
            return #"{"id":\#(index + 1),"title":\#(escaped("t")),"direction":"lent","counterparty":\#(escaped("c")),"lent_on":"2026-11-01","due_on":"2026-12-01","note":\#(escaped("n")),"renewals":0,"previous_due_dates":[]}"#
        }
        return #"{"schema_version":1,"query":"all","loans":[\#(loans.joined(separator: ",\n"))]}"#
    }

    /// Parses both outputs strictly, checks they hold the same loans and `count` lines, and
    /// prints every loan's title, counterparty and note as ASCII-only JSON.
    static let strictReader = """
        import json, sys
        document_path, ndjson_path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
        def text(path):
            with open(path, 'rb') as f:
                return f.read().decode('utf-8')
        document = json.loads(text(document_path))
        lines = text(ndjson_path).split('\\n')
        assert lines[-1] == '', 'the ndjson output does not end with a newline'
        objects = [json.loads(line) for line in lines[:-1]]
        assert len(objects) == count, f'{len(objects)} ndjson lines, expected {count}'
        assert document['loans'] == objects, 'the ndjson loans differ from the document loans'
        print(json.dumps([[l['title'], l['counterparty'], l['note']] for l in objects], ensure_ascii=True))
        """

    @Test func everyControlCharacterIsEscapedAndReadsBackExactly() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let imported = try loans("import", "-", stdin: Self.document)
        #expect(imported.status == 0 && imported.err.isEmpty, "\(imported.err)")
        var paths: [String] = []
        for (name, arguments) in [("document", ["json", "all"]), ("ndjson", ["json", "all", "--ndjson"])] {
            let result = try loans.run(BinaryHarness.binary, arguments)
            #expect(result.status == 0 && result.err.isEmpty, "\(arguments): \(result.err)")
            let problems = RawJSONControls.find(Array(result.out.utf8))
            #expect(problems.isEmpty, "\(name): \(problems.prefix(5))")
            paths.append(loans.folder + "/" + name + ".json")
            try Data(result.out.utf8).write(to: URL(fileURLWithPath: paths.last!))
        }
        let read = try loans.tool("/usr/bin/python3", "-c", Self.strictReader, paths[0], paths[1], String(Self.scalars.count))
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String]])
        let expected = Self.scalars.map { [Self.text("t", $0), Self.text("c", $0), Self.text("n", $0)] }
        #expect(fields.count == expected.count)
        for (got, want) in zip(fields, expected) where got != want {
            Issue.record("read back \(got.debugDescription), expected \(want.debugDescription)")
        }
    }

    /// The checks above can fail: a raw U+001F is refused by the strict reader and found by the scan.
    @Test func theStrictReaderAndTheScanRefuseARawControlCharacter() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let bad = "{\"schema_version\":1,\"loans\":[{\"title\":\"a\u{1F}b\"}]}\n"
        #expect(RawJSONControls.find(Array(bad.utf8)) == ["raw 0x1f inside a string at 40"])
        #expect(RawJSONControls.find(Array("[\"\u{85}\u{2029}\"]".utf8)).count == 2)
        let path = loans.folder + "/bad.json"
        try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
        let ndjson = loans.folder + "/bad.ndjson"
        try Data("{\"title\":\"a\u{1F}b\"}\n".utf8).write(to: URL(fileURLWithPath: ndjson))
        let strict = try loans.run("/usr/bin/python3", ["-c", Self.strictReader, path, ndjson, "1"])
        #expect(strict.status != 0 && strict.err.contains("Invalid control character"), "\(strict.err)")
    }
}
