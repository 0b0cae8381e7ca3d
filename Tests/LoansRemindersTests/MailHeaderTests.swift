import Foundation
import LoansCore
@testable import LoansReminders
import LoansText
import LoansTestSupport
import Testing

/// Header fields no data can break, checked by a real reader: Python's `email` package under its
/// strict policy parses the fields back, decodes the encoded-words, and finds exactly the fields
/// written — however the text is made (non-ASCII, CR LF and `Bcc:`, bidi overrides, 500 characters).
@Suite struct MailHeaderTests {
    static let hostile = [
        "The Hobbit", "Brontë's «Jane Eyre» — 第一巻", "Drill\r\nBcc: victim@example.org", "x\nSubject: spoofed",
        "\u{202E}evil\u{202C} \u{7}bell", String(repeating: "ü", count: 250), String(repeating: "word ", count: 100), "=?utf-8?B?Zm9v?=",
        "\"Quoted\" \\ name", "",
    ]

    /// Each header block parsed: its fields' names and decoded values, as JSON.
    static func parse(_ blocks: [String]) throws -> [[[String]]] {
        let script = """
            import email, email.policy, json, sys
            for block in json.load(sys.stdin):
                message = email.message_from_bytes(block.encode('ascii') + b'\\nbody\\n', policy=email.policy.strict)
                print(json.dumps([[name, str(value)] for name, value in message.items()]))
            """
        let input = String(decoding: try JSONEncoder().encode(blocks), as: UTF8.self)
        let run = try ProgramRun("/usr/bin/python3", ["-c", script], environment: ["PATH": "/usr/bin:/bin"], stdin: Array(input.utf8))
        #expect(run.status == 0, "\(run.err)")
        return try run.out.split(separator: "\n").map { try JSONDecoder().decode([[String]].self, from: Data($0.utf8)) }
    }

    @Test func everyTextComesBackAsItsSafeTextInOneField() throws {
        let blocks = MailHeaderTests.hostile.map { text in
            MailHeader.text("Subject", text).line + MailHeader.mailbox("To", display: text, address: "sam@example.org").line
        }
        for block in blocks {
            #expect(block.utf8.allSatisfy { $0 < 0x80 }, "ASCII only: \(block)")
            for line in block.split(separator: "\n") { #expect(line.count <= 78 || !line.contains(" "), "\(line)") }
        }
        let parsed = try MailHeaderTests.parse(blocks)
        #expect(parsed.count == MailHeaderTests.hostile.count)
        for (text, fields) in zip(MailHeaderTests.hostile, parsed) {
            #expect(fields.map { $0[0] } == ["Subject", "To"], "\(text): \(fields)")
            let safe = SafeText.sanitized(text).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            #expect(fields.first?.last.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") } == safe, "\(text): \(fields)")
            #expect(fields.last?.last.map { $0.hasSuffix("<sam@example.org>") || (text.isEmpty && $0 == "sam@example.org") } == true, "\(fields)")
        }
    }

    @Test func encodedWordsHoldWholeCharactersAndFitALine() {
        let words = MailHeader.encodedWords(String(repeating: "€", count: 60))
        #expect(words.count > 1 && words.allSatisfy { $0.count <= 66 && $0.hasPrefix("=?utf-8?B?") && $0.hasSuffix("?=") })
        #expect(Base64.encoded(Array("Man".utf8)) == "TWFu" && Base64.encoded(Array("Ma".utf8)) == "TWE=" && Base64.encoded(Array("M".utf8)) == "TQ==")
    }

    @Test func datesAndMboxEntries() throws {
        let instant = UTCTimestamp(date: CivilDate(iso: "2026-12-03")!, hour: 9, minute: 5, second: 7)
        #expect(MailDate.field(instant) == "Thu, 03 Dec 2026 09:05:07 +0000")
        #expect(MailDate.asctime(instant) == "Thu Dec  3 09:05:07 2026")
        let message = "Subject: x\r\nFrom: a@b\r\n\r\nHello\r\nFrom here on\r\n>From the past\r\n"
        #expect(Mbox.entry(sender: "me@example.org", at: instant, message: message)
            == "From me@example.org Thu Dec  3 09:05:07 2026\nSubject: x\nFrom: a@b\n\nHello\n>From here on\n>>From the past\n\n")
    }
}
