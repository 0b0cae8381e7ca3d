/// Why a typed date was refused; each message names the value as typed.
package enum DateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one of the shapes accepted there (listed in the message).
    case notADate(String, accepted: DateForms)
    /// The right shape, but the day does not exist (2026-02-30).
    case noSuchDay(String)
    /// A real day or offset that falls outside 0001-01-01…9999-12-31.
    case outOfRange(String)

    package var description: String {
        switch self {
        case .notADate(let text, let forms) where forms == .calendarDate:
            return "\(Quoted(text)) is not a date in the form YYYY-MM-DD"
        case .notADate(let text, let forms):
            return "\(Quoted(text)) is not a date (use \(forms.summary))"
        case .noSuchDay(let text):
            return "\(Quoted(text)) is not a date: no such day"
        case .outOfRange(let text):
            return "\(Quoted(text)) is out of range: dates run from 0001-01-01 to 9999-12-31"
        }
    }
}

/// The date syntax accepted wherever loans asks for a date. Words and units may be written in
/// any letter case (`Tomorrow`, `FRI`, `+2W`).
package enum DateInput {
    /// Reads `text` in one of `forms`, relative to `today`.
    package static func parse(_ text: String, today: CivilDate, accepting forms: DateForms = .all) throws(DateInputError) -> CivilDate {
        let word = text.utf8.count <= 16 ? lowercasedASCII(text) : ""
        if forms.contains(.relativeDays) {
            switch word {
            case "today": return today
            case "tomorrow": return try within(today.adding(days: 1), text)
            case "yesterday": return try within(today.adding(days: -1), text)
            default: break
            }
        }
        if forms.contains(.weekdays), let weekday = weekday(named: word) {
            let ahead = (weekday.rawValue - today.weekday.rawValue + 6) % 7 + 1
            return try within(today.adding(days: ahead), text)
        }
        if forms.contains(.periodEnds) {
            switch word {
            case "eow": return try within(today.adding(days: Weekday.sunday.rawValue - today.weekday.rawValue), text)
            case "eom": return try within(CivilDate(year: today.year, month: today.month, day: CivilDate.daysIn(month: today.month, of: today.year)), text)
            default: break
            }
        }
        if forms.contains(.offsets), let offset = DateOffset(parsing: text) {
            return try within(offset.applied(to: today), text)
        }
        if forms.contains(.calendarDate), let date = try calendarDate(text) {
            return date
        }
        throw .notADate(text, accepted: forms)
    }

    /// Reads exactly `YYYY-MM-DD`, telling a malformed text from a day that does not exist.
    package static func absolute(_ text: String) throws(DateInputError) -> CivilDate {
        guard let date = try calendarDate(text) else { throw .notADate(text, accepted: .calendarDate) }
        return date
    }

    /// The date of a `YYYY-MM-DD` text; nil when the text has another shape.
    private static func calendarDate(_ text: String) throws(DateInputError) -> CivilDate? {
        if let date = CivilDate(iso: text) { return date }
        let utf8 = Array(text.utf8)
        let shaped = utf8.count == 10 && utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
        }
        guard shaped else { return nil }
        if utf8.prefix(4).allSatisfy({ $0 == 0x30 }) { throw .outOfRange(text) }
        throw .noSuchDay(text)
    }

    /// `mon`/`monday` … `sun`/`sunday`.
    static func weekday(named word: String) -> Weekday? {
        Weekday.allCases.first { $0.name == word || $0.name.prefix(3) == word }
    }

    private static func lowercasedASCII(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func within(_ date: CivilDate?, _ text: String) throws(DateInputError) -> CivilDate {
        guard let date else { throw .outOfRange(text) }
        return date
    }
}
