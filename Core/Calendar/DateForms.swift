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

    /// Each accepted form in words, the one description a help screen lists: how it is written
    /// (from the parser's own words and units) and what it means.
    package var explained: [(spelling: String, meaning: String)] {
        var forms: [(spelling: String, meaning: String)] = []
        if contains(.calendarDate) { forms.append(("YYYY-MM-DD", "that day")) }
        if contains(.relativeDays) { forms.append(("today tomorrow yesterday", "today, the day after, the day before")) }
        if contains(.weekdays) {
            let names = Weekday.allCases.map(\.name)
            forms.append((names.map { String($0.prefix(3)) }.joined(separator: " "), "the next such day after today, never today"))
            forms.append(("\(names[0]) … \(names[names.count - 1])", "the same, in full"))
        }
        if contains(.offsets) {
            forms.append((
                DateOffset.Unit.allCases.map { "+N\($0.letter)" }.joined(separator: " "),
                "N days, weeks, months or years from today (a month on from Jan 31 is Feb 28)"
            ))
        }
        if contains(.periodEnds) { forms.append(("eow eom", "this Sunday (today on a Sunday); the last day of this month")) }
        return forms
    }

    /// What holds for every form.
    package static let letterCase = "Words and units in any letter case: Tomorrow, FRI, +2W."
}
