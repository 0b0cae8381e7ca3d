/// Which loans of a listing to keep (`loans list --person --lent --borrowed --search`): every
/// condition given must hold. Text is compared folded (`TextFolding`), as every search is.
package struct LoanFilter: Hashable, Sendable {
    /// Only loans with this counterparty (the whole name, without regard to case).
    package var person: String?
    /// Only loans in this direction.
    package var direction: Direction?
    /// Only loans whose title, counterparty or note contains this text.
    package var search: String?

    package init(person: String? = nil, direction: Direction? = nil, search: String? = nil) {
        self.person = person
        self.direction = direction
        self.search = search
    }

    /// The filter with its texts folded once, to test many loans. An empty search text is no
    /// condition (every loan contains it).
    package func prepared() -> Prepared {
        let text = search.map { SearchText($0) }
        return Prepared(
            person: person.map { TextFolding.folded($0) }, direction: direction, search: text?.folded.isEmpty == false ? text : nil
        )
    }

    /// A filter ready to test loans: its texts already folded.
    package struct Prepared: Sendable {
        let person: String?
        let direction: Direction?
        /// The text to look for; nil when none was given, or the empty one.
        package let search: SearchText?

        package func keeps(_ loan: Loan) -> Bool {
            keepsBesidesText(loan) && search?.matches(loan) ?? true
        }

        /// Whether the loan has the direction and the person, for a loan a search already found.
        func keepsBesidesText(_ loan: Loan) -> Bool {
            if let direction, loan.direction != direction { return false }
            if let person, TextFolding.folded(loan.counterparty) != person { return false }
            return true
        }
    }
}
