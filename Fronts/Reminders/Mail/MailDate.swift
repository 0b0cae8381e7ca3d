import LoansCore

/// An instant as a message's `Date` field writes it (RFC 5322): `Thu, 03 Dec 2026 14:59:29 +0000`,
/// in UTC, with English day and month names whatever the locale.
enum MailDate {
    static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func field(_ instant: UTCTimestamp) -> String {
        let date = instant.date
        return "\(days[date.weekday.rawValue]), \(two(date.day)) \(months[date.month - 1]) \(date.year) \(clock(instant)) +0000"
    }

    /// The instant as an mbox `From ` line writes it (asctime's form): `Thu Dec  3 14:59:29 2026`.
    static func asctime(_ instant: UTCTimestamp) -> String {
        let date = instant.date
        let day = date.day < 10 ? " \(date.day)" : "\(date.day)"
        return "\(days[date.weekday.rawValue]) \(months[date.month - 1]) \(day) \(clock(instant)) \(date.year)"
    }

    private static func clock(_ instant: UTCTimestamp) -> String {
        "\(two(instant.hour)):\(two(instant.minute)):\(two(instant.second))"
    }

    private static func two(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
