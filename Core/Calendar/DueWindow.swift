/// How far ahead "due soon" looks: today through `days` following days, both ends included.
package struct DueWindow: Hashable, Sendable {
    /// Days after today still counted as due soon; 0 means due today only.
    package let days: Int

    /// The window used when none is configured.
    package static let standard = DueWindow(uncheckedDays: 7)
    /// The largest window accepted (a hundred years of days).
    package static let maximumDays = 36_500

    init(uncheckedDays: Int) {
        days = uncheckedDays
    }

    /// A window of `days`, or nil when negative or beyond `maximumDays`.
    package init?(days: Int) {
        guard days >= 0, days <= DueWindow.maximumDays else { return nil }
        self.days = days
    }

    /// Reads a window as typed (`--window`, `LOANS_WINDOW`): a whole number 0…36500.
    package init?(parsing text: String) {
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int(text)
        else { return nil }
        self.init(days: value)
    }
}
