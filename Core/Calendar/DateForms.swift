/// Which shapes of date one place accepts. Each option asks for the forms that make sense there
/// (`--today` only `YYYY-MM-DD`; a due date all of them), and a refusal lists exactly those.
package struct DateForms: OptionSet, Hashable, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `YYYY-MM-DD`.
    package static let calendarDate = DateForms(rawValue: 1 << 0)
    /// `today`, `tomorrow`, `yesterday`.
    package static let relativeDays = DateForms(rawValue: 1 << 1)
    /// `mon` … `sun`, `monday` … `sunday`: the next such day after today.
    package static let weekdays = DateForms(rawValue: 1 << 2)
    /// `+Nd`, `+Nw`, `+Nm`, `+Ny` from today.
    package static let offsets = DateForms(rawValue: 1 << 3)
    /// `eow` (this Sunday) and `eom` (the last day of this month).
    package static let periodEnds = DateForms(rawValue: 1 << 4)

    /// Every form: what a due, lent or return date accepts.
    package static let all: DateForms = [.calendarDate, .relativeDays, .weekdays, .offsets, .periodEnds]

    /// The accepted forms in words, short enough for a form's error line: "YYYY-MM-DD, today,
    /// tomorrow, yesterday, a weekday, +N[dwmy], eow or eom".
    package var summary: String {
        var words: [String] = []
        if contains(.calendarDate) { words.append("YYYY-MM-DD") }
        if contains(.relativeDays) { words += ["today", "tomorrow", "yesterday"] }
        if contains(.weekdays) { words.append("a weekday") }
        if contains(.offsets) { words.append("+N[" + DateOffset.Unit.allCases.map(\.letter).joined() + "]") }
        if contains(.periodEnds) { words += ["eow", "eom"] }
        guard let last = words.popLast() else { return "" }
        return words.isEmpty ? last : words.joined(separator: ", ") + " or " + last
    }
}
