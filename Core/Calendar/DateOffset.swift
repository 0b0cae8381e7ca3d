/// A relative step in whole civil units: `+Nd`, `+Nw` or `+Nm`.
public struct DateOffset: Hashable, Sendable {
    /// The calendar unit of an offset.
    public enum Unit: Hashable, Sendable {
        case days, weeks, months
    }

    public let count: Int
    public let unit: Unit

    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses `+N` followed by `d`, `w` or `m`; when `defaultUnit` is given the unit may be left out.
    /// A count too large for an integer saturates, so applying it reports the calendar's end
    /// rather than a shape error. Returns nil for any other text.
    public init?(parsing text: some StringProtocol, defaultUnit: Unit? = nil) {
        var digits = Substring(text).utf8[...]
        guard digits.first == UInt8(ascii: "+") else { return nil }
        digits = digits.dropFirst()
        let written: Unit? = switch digits.last {
        case UInt8(ascii: "d"): .days
        case UInt8(ascii: "w"): .weeks
        case UInt8(ascii: "m"): .months
        default: nil
        }
        if written != nil { digits = digits.dropLast() }
        guard let unit = written ?? defaultUnit else { return nil }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(byte - 0x30))
            value = o1 || o2 ? Int.max : sum
        }
        self.init(count: value, unit: unit)
    }

    /// The date this offset reaches from `start`, or nil when it would leave 0001–9999.
    public func applied(to start: CivilDate) -> CivilDate? {
        switch unit {
        case .days:
            return start.adding(days: count)
        case .weeks:
            let (days, overflow) = count.multipliedReportingOverflow(by: 7)
            return overflow ? nil : start.adding(days: days)
        case .months:
            return start.adding(months: count)
        }
    }
}
