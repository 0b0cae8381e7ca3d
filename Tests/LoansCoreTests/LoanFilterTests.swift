import LoansCore
import Testing

/// What `loans list` keeps: every condition given, text folded as every search is.
@Suite struct LoanFilterTests {
    @Test func aFilterKeepsWhatEveryConditionKeeps() {
        let today = CivilDate(iso: "2026-11-29")!
        func loan(_ title: String, _ direction: Direction, _ party: String, note: String? = nil) -> Loan {
            Loan(id: LoanID(1), title: title, direction: direction, counterparty: party, lentOn: today, dueOn: today, note: note)
        }
        let hobbit = loan("The Hobbit", .lent, "Alice")
        let dune = loan("Dune", .borrowed, "City Library", note: "Hardback, ÉDITION spéciale, Straße")
        #expect(LoanFilter(person: "alice").prepared().keeps(hobbit))
        #expect(LoanFilter(person: "ALICE").prepared().keeps(hobbit))
        #expect(!LoanFilter(person: "Ali").prepared().keeps(hobbit), "a person is the whole name")
        #expect(LoanFilter(direction: .borrowed).prepared().keeps(dune))
        #expect(!LoanFilter(direction: .borrowed).prepared().keeps(hobbit))
        #expect(LoanFilter(search: "édition").prepared().keeps(dune), "the note is searched")
        #expect(LoanFilter(search: "STRASSE").prepared().keeps(dune), "ß folds to ss")
        #expect(LoanFilter(search: "LIBRARY").prepared().keeps(dune), "the counterparty is searched")
        #expect(LoanFilter(search: "hob").prepared().keeps(hobbit))
        #expect(!LoanFilter(person: "Alice", search: "dune").prepared().keeps(hobbit))
        #expect(LoanFilter().prepared().keeps(hobbit))
    }
}
