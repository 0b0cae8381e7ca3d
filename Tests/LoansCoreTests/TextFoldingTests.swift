import LoansCore
import Testing

/// One case folding for every search: Unicode lower case, plus ß/ẞ → ss and final sigma.
@Suite struct TextFoldingTests {
    @Test func foldsEveryScriptNotJustASCII() {
        #expect(TextFolding.folded("The HOBBIT") == "the hobbit")
        #expect(TextFolding.folded("ÉCOLE Ørsted") == "école ørsted")
        #expect(TextFolding.folded("ΟΔΥΣΣΕΥΣ") == TextFolding.folded("οδυσσευς"))
        #expect(TextFolding.folded("Οδυσσεύς") == "οδυσσεύσ")
        #expect(TextFolding.folded("STRASSE") == TextFolding.folded("Straße"))
        #expect(TextFolding.folded("ẞ") == "ss")
        #expect(TextFolding.folded("КНИГА") == "книга")
        #expect(TextFolding.folded("İ").unicodeScalars.first == "i")
        #expect(TextFolding.folded("日本語") == "日本語")
    }

    @Test func containsComparesFoldedCopies() {
        #expect(TextFolding.contains("Die Straße nach Süden", TextFolding.folded("STRASSE")))
        #expect(TextFolding.contains("anything", ""))
        #expect(!TextFolding.contains("Dune", TextFolding.folded("dunes")))
    }

    @Test func aFilterKeepsWhatEveryConditionKeeps() {
        let today = CivilDate(iso: "2026-11-29")!
        func loan(_ title: String, _ direction: Direction, _ party: String, note: String? = nil) -> Loan {
            var loan = Loan(id: LoanID(1), title: title, direction: direction, counterparty: party, lentOn: today, dueOn: today)
            loan.note = note
            return loan
        }
        let hobbit = loan("The Hobbit", .lent, "Alice")
        let dune = loan("Dune", .borrowed, "City Library", note: "Hardback, ÉDITION spéciale")
        #expect(LoanFilter(person: "alice").prepared().keeps(hobbit))
        #expect(!LoanFilter(person: "Ali").prepared().keeps(hobbit), "a person is the whole name")
        #expect(LoanFilter(direction: .borrowed).prepared().keeps(dune))
        #expect(!LoanFilter(direction: .borrowed).prepared().keeps(hobbit))
        #expect(LoanFilter(search: "édition").prepared().keeps(dune), "the note is searched")
        #expect(LoanFilter(search: "LIBRARY").prepared().keeps(dune), "the counterparty is searched")
        #expect(LoanFilter(search: "hob").prepared().keeps(hobbit))
        #expect(!LoanFilter(person: "Alice", search: "dune").prepared().keeps(hobbit))
        #expect(LoanFilter().prepared().keeps(hobbit))
    }
}
