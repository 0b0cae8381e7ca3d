import LoansAdapters
import LoansCalendar
import LoansCore
import LoansText

/// The calendar feed's invariants for any loan text (RFC 5545 §3.1, §3.3.11): CRLF line ends
/// only; every physical line at most 75 octets and whole UTF-8 (a fold never cuts a sequence);
/// the properties of exactly one event, none added by the text; and each TEXT value, unfolded
/// and unescaped by the small reader here, gives back the loan's text exactly — line breaks
/// (CR LF, CR, LF, U+2028, U+2029) as one line feed in the note and one space in the summary
/// (a line of its own), other controls (C0, DEL, C1, the bidi marks) as spaces.
enum CalendarRoundTrip {
    static let identity = "fuzz-0123456789abcdef"
    static let alarms = [3, 1, 0]

    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var loan = try? LoanRules.validated(WriterRoundTrip.loan(from: bytes)) else {
            FuzzTarget.require(false, "the harness built a loan that breaks a rule")
            return
        }
        loan.returnedOn = nil
        var feed: [UInt8] = []
        let writer = CalendarFeed(
            query: CalendarFeedQuery(store: FixtureLoanStore(loans: [loan], databaseID: identity)), alarms: alarms, product: "fuzz"
        )
        do {
            try writer.write { feed += $0 }
        } catch {
            FuzzTarget.require(false, "writing the feed failed: \(error)")
        }
        let lines = unfolded(physicalLines(feed))
        let names = lines.map { name(of: $0) }
        var wanted = ["BEGIN", "VERSION", "PRODID", "CALSCALE", "METHOD", "X-WR-CALNAME", "REFRESH-INTERVAL", "X-PUBLISHED-TTL"]
        wanted += ["BEGIN", "UID", "SEQUENCE", "DTSTAMP", "LAST-MODIFIED", "DTSTART"] + (loan.dueOn == .latest ? [] : ["DTEND"])
        wanted += ["SUMMARY"] + (loan.note == nil ? [] : ["DESCRIPTION"]) + ["TRANSP"]
        wanted += alarms.flatMap { _ in ["BEGIN", "ACTION", "DESCRIPTION", "TRIGGER", "END"] } + ["END", "END"]
        FuzzTarget.require(names == wanted, "the feed's properties are \(names)")
        let summary = plain(LoanWording.action(loan), lineBreak: " ")
        let at = names.firstIndex(of: "SUMMARY") ?? 0
        FuzzTarget.require(text(lines[at]) == summary, "SUMMARY does not give the loan's text back")
        if let note = loan.note {
            FuzzTarget.require(text(lines[at + 1]) == plain(note), "DESCRIPTION does not give the note back")
        }
        for (index, name) in names.enumerated() where name == "DESCRIPTION" && names[index - 1] == "ACTION" {
            FuzzTarget.require(text(lines[index]) == summary, "an alarm's DESCRIPTION does not give the summary back")
        }
    }

    /// The feed cut at each CRLF; every line checked: no other CR or LF, at most 75 octets, UTF-8.
    static func physicalLines(_ feed: [UInt8]) -> [ArraySlice<UInt8>] {
        FuzzTarget.require(feed.suffix(2) == [0x0D, 0x0A], "the feed does not end with CRLF")
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < feed.count {
            switch feed[index] {
            case 0x0D:
                FuzzTarget.require(index + 1 < feed.count && feed[index + 1] == 0x0A, "a CR without LF at \(index)")
                lines.append(feed[start..<index])
                index += 2
                start = index
            case 0x0A:
                FuzzTarget.require(false, "a LF without CR at \(index)")
                return lines
            default:
                index += 1
            }
        }
        for line in lines {
            FuzzTarget.require(line.count <= 75, "a line of \(line.count) octets")
            FuzzTarget.require(String(validating: line, as: UTF8.self) != nil, "a line that is not whole UTF-8")
        }
        return lines
    }

    /// Physical lines joined into content lines: a line that starts with a space continues the one before.
    static func unfolded(_ lines: [ArraySlice<UInt8>]) -> [[UInt8]] {
        var logical: [[UInt8]] = []
        for line in lines {
            if line.first == 0x20, !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                FuzzTarget.require(line.first != 0x09, "a line folded with a tab")
                logical.append(Array(line))
            }
        }
        return logical
    }

    /// A content line's name: up to the first `;` or `:`.
    static func name(of line: [UInt8]) -> String {
        String(decoding: line.prefix { $0 != 0x3B && $0 != 0x3A }, as: UTF8.self)
    }

    /// A TEXT value unescaped (`\\`, `\;`, `\,`, `\n`, `\N`); any other backslash, or a raw `;`
    /// or `,`, breaks the invariant.
    static func text(_ line: [UInt8]) -> String {
        guard let colon = line.firstIndex(of: 0x3A) else {
            FuzzTarget.require(false, "a content line without a colon")
            return ""
        }
        var out: [UInt8] = []
        var index = colon + 1
        while index < line.count {
            let byte = line[index]
            FuzzTarget.require(byte != 0x3B && byte != 0x2C, "a raw ; or , in a TEXT value")
            guard byte == 0x5C else {
                out.append(byte)
                index += 1
                continue
            }
            FuzzTarget.require(index + 1 < line.count, "a TEXT value ends with a lone backslash")
            switch line[index + 1] {
            case 0x5C, 0x3B, 0x2C: out.append(line[index + 1])
            case 0x6E, 0x4E: out.append(0x0A)
            default: FuzzTarget.require(false, "an unknown escape \\\(Character(Unicode.Scalar(line[index + 1])))")
            }
            index += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What a TEXT value can hold of `text`: each line break one `lineBreak`, other controls (C0,
    /// DEL, C1, the bidi marks) a space, tabs kept.
    static func plain(_ text: String, lineBreak: Unicode.Scalar = "\n") -> String {
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where afterCR: continue
            case 0x0A, 0x0D, 0x2028, 0x2029: out.append(lineBreak)
            case 0x09: out.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: out.append(" ")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
