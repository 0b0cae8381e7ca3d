import LoansCore

/// Why a feed could not be made.
package enum CalendarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store has open loans but no identity (a fixture document without `database_id`), so
    /// its events could have no stable, unique uid.
    case noIdentity

    package var description: String {
        switch self {
        case .noIdentity:
            "the loans have no database identity, so their events would have no stable uid; a fixture document needs a \"database_id\""
        }
    }
}

/// `loans calendar`: the iCalendar feed (RFC 5545) of the open loans, one all-day event each on
/// its due date (`DTSTART;VALUE=DATE`, `DTEND` the day after), with `SUMMARY`, the note as
/// `DESCRIPTION`, an alarm per lead at 09:00 local time of that day, and `UID`, `SEQUENCE`,
/// `DTSTAMP` and `LAST-MODIFIED` from the store's identity and history. Written in chunks to a
/// sink, so memory stays flat however many loans are open. A share link's feed is the person's
/// own calendar of what is between them and the owner: `Loans with OWNER`, its events worded
/// for them (their loans carry no note), under uids of their own (`shared-loan-4@…`), so the
/// owner's feed and theirs never name two events alike.
package struct CalendarFeed {
    let query: CalendarFeedQuery
    let alarms: [Int]
    /// The program and version in `PRODID`.
    let product: String

    /// How many bytes are handed to the sink at a time.
    static let chunk = 1 << 16

    package init(query: CalendarFeedQuery, alarms: [Int], product: String) {
        self.query = query
        self.alarms = alarms
        self.product = product
    }

    /// Writes the whole feed to `sink`, in order, in chunks.
    package func write(to sink: ([UInt8]) throws -> Void) throws {
        var lines = ContentLines()
        lines.raw("BEGIN", "VCALENDAR")
        lines.raw("VERSION", "2.0")
        lines.text("PRODID", "-//loans//\(product)//EN")
        lines.raw("CALSCALE", "GREGORIAN")
        lines.raw("METHOD", "PUBLISH")
        lines.text("X-WR-CALNAME", query.share.map { "Loans with " + $0.owner } ?? "Loans")
        lines.raw("REFRESH-INTERVAL;VALUE=DURATION", "PT1H")
        lines.raw("X-PUBLISHED-TTL", "PT1H")
        var presenter: CalendarPresenter?
        try query.stream { identity in
            presenter = identity.map { CalendarPresenter(identity: $0, alarms: alarms, shared: query.share != nil) }
        } visit: { entry in
            guard let presenter else { throw CalendarError.noIdentity }
            CalendarFeed.append(presenter.event(entry), to: &lines)
            if lines.bytes.count >= CalendarFeed.chunk { try sink(lines.take()) }
        }
        lines.raw("END", "VCALENDAR")
        try sink(lines.take())
    }

    static func append(_ event: CalendarEvent, to lines: inout ContentLines) {
        lines.raw("BEGIN", "VEVENT")
        lines.text("UID", event.uid)
        lines.raw("SEQUENCE", String(event.sequence))
        lines.raw("DTSTAMP", stamp(event.stamp))
        lines.raw("LAST-MODIFIED", stamp(event.stamp))
        lines.raw("DTSTART;VALUE=DATE", date(event.start))
        if let end = event.end { lines.raw("DTEND;VALUE=DATE", date(end)) }
        lines.line("SUMMARY", event.summary)
        if let description = event.description { lines.text("DESCRIPTION", description) }
        lines.raw("TRANSP", "TRANSPARENT")
        for lead in event.alarms {
            lines.raw("BEGIN", "VALARM")
            lines.raw("ACTION", "DISPLAY")
            lines.line("DESCRIPTION", event.summary)
            lines.raw("TRIGGER", trigger(lead: lead))
            lines.raw("END", "VALARM")
        }
        lines.raw("END", "VEVENT")
    }

    /// 09:00 local time `lead` days before an all-day event's start: `PT9H` on the day itself,
    /// `-PT15H` the day before, `-P{lead−1}DT15H` earlier.
    static func trigger(lead: Int) -> String {
        switch lead {
        case 0: "PT9H"
        case 1: "-PT15H"
        default: "-P\(lead - 1)DT15H"
        }
    }

    /// `20261128`.
    static func date(_ date: CivilDate) -> String {
        let (year, month, day) = date.components
        return pad(year, 4) + pad(month, 2) + pad(day, 2)
    }

    /// `20261129T114000Z`.
    static func stamp(_ instant: UTCTimestamp) -> String {
        date(instant.date) + "T" + pad(instant.hour, 2) + pad(instant.minute, 2) + pad(instant.second, 2) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
