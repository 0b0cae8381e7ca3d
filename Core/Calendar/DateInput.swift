/// Why a typed date was refused; each message names the value as typed.
public enum DateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one of the accepted shapes.
    case notADate(String)
    /// Not `YYYY-MM-DD`, where only a calendar date is accepted (`--today`).
    case notACalendarDate(String)
    /// The right shape, but the day does not exist (2026-02-30).
    case noSuchDay(String)
    /// A real day or offset that falls outside 0001-01-01…9999-12-31.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .notADate(let text):
            return "\(Quoted(text)) is not a date (use YYYY-MM-DD, today, tomorrow, yesterday, +Nd, +Nw or +Nm)"
        case .notACalendarDate(let text):
            return "\(Quoted(text)) is not a date in the form YYYY-MM-DD"
        case .noSuchDay(let text):
            return "\(Quoted(text)) is not a date: no such day"
        case .outOfRange(let text):
            return "\(Quoted(text)) is out of range: dates run from 0001-01-01 to 9999-12-31"
        }
    }
}

/// The date syntax accepted wherever loans asks for a date.
public enum DateInput {
    /// Reads `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, `+Nd`, `+Nw` or `+Nm` relative to `today`.
    public static func parse(_ text: String, today: CivilDate) throws(DateInputError) -> CivilDate {
        switch text {
        case "today": return today
        case "tomorrow": return try within(today.adding(days: 1), text)
        case "yesterday": return try within(today.adding(days: -1), text)
        default: break
        }
        if let offset = DateOffset(parsing: text) {
            return try within(offset.applied(to: today), text)
        }
        do {
            return try absolute(text)
        } catch .notACalendarDate {
            throw .notADate(text)
        }
    }

    /// Reads exactly `YYYY-MM-DD`, telling a malformed text from a day that does not exist.
    public static func absolute(_ text: String) throws(DateInputError) -> CivilDate {
        if let date = CivilDate(iso: text) { return date }
        let utf8 = Array(text.utf8)
        let shaped = utf8.count == 10 && utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
        }
        guard shaped else { throw .notACalendarDate(text) }
        if utf8.prefix(4).allSatisfy({ $0 == 0x30 }) { throw .outOfRange(text) }
        throw .noSuchDay(text)
    }

    private static func within(_ date: CivilDate?, _ text: String) throws(DateInputError) -> CivilDate {
        guard let date else { throw .outOfRange(text) }
        return date
    }
}
