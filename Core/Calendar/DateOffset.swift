/// A relative step in whole civil units: `+Nd`, `+Nw`, `+Nm` or `+Ny`.
package struct DateOffset: Hashable, Sendable {
    /// The calendar unit of an offset.
    package enum Unit: Hashable, Sendable, CaseIterable {
        case days, weeks, months, years

        /// The letter that writes this unit in `+Nd`, `+Nw`, `+Nm`, `+Ny`.
        package var letter: String {
            switch self {
            case .days: "d"
            case .weeks: "w"
            case .months: "m"
            case .years: "y"
            }
        }
    }

    package let count: Int
    package let unit: Unit

    package init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses `+N` followed by `d`, `w`, `m` or `y` in either letter case; when `defaultUnit` is
    /// given the unit may be left out. A count too large for an integer saturates, so applying it
    /// reports the calendar's end rather than a shape error. Returns nil for any other text.
    package init?(parsing text: some StringProtocol, defaultUnit: Unit? = nil) {
        var digits = Substring(text).utf8[...]
        guard digits.first == UInt8(ascii: "+") else { return nil }
        digits = digits.dropFirst()
        let written = digits.last.flatMap { last in Unit.allCases.first { $0.letter.utf8.first == last | 0x20 } }
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
    /// Months and years keep the day or clamp to the month's last day (Feb 29 + 1y = Feb 28).
    package func applied(to start: CivilDate) -> CivilDate? {
        switch unit {
        case .days:
            return start.adding(days: count)
        case .weeks:
            let (days, overflow) = count.multipliedReportingOverflow(by: 7)
            return overflow ? nil : start.adding(days: days)
        case .months:
            return start.adding(months: count)
        case .years:
            let (months, overflow) = count.multipliedReportingOverflow(by: 12)
            return overflow ? nil : start.adding(months: months)
        }
    }
}
