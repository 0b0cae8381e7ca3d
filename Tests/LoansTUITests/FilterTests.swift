import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// The `/` filter over the store's search: title, counterparty and note, case-insensitive for
/// all of Unicode; a text too short for the index searches a bounded stretch and says so.
@Suite struct FilterTests {
    @Test func theFilterFoldsCaseForAllOfUnicodeAndReadsNotes() {
        let source = MemorySource()
        source.loan("Gödel, Escher, Bach", "Straße 5", due: 1)
        source.loan("Dune", "Bob", due: 2, note: "lent with the ÉTUI")
        source.loan("Other", "Alice", due: 3)
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.character("/"))
        app.type("GÖDEL")
        #expect(app.frame.visibleIDs == [LoanID(1)])
        app.press(.control("u"))
        app.type("STRASSE")
        #expect(app.frame.visibleIDs == [LoanID(1)])
        app.press(.control("u"))
        app.type("étui")
        #expect(app.frame.visibleIDs == [LoanID(2)])
        #expect(app.text.contains("DUE SOON (1)"))
    }

    /// More overdue loans than a short filter reads, every 50th with an `x` in its title: a
    /// one-letter filter searches the first ones in due order, says so, and the list ends where
    /// the search ended — moving through it never goes back or skips.
    @Test func aShortFilterSearchesABoundedStretchAndSaysSo() throws {
        let source = MemorySource()
        let bound = SearchText.standardWalkBound
        for index in 0..<(bound + 1000) { source.loan(index % 50 == 0 ? "Box \(index)" : "Item \(index)", due: -1 - index / 20, lent: -400) }
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("/"))
        app.type("x")
        app.press(.enter)
        let found = bound / 50
        let count = found > AgendaSection.countCap ? "\(AgendaSection.countCap)+" : "\(found)"
        #expect(app.text.contains("OVERDUE (\(count) in the first \(bound) loans; 3 or more characters search them all)"), "\(app.text)")
        var seen: [LoanID] = []
        for _ in 0..<(2 * found) {
            if let id = app.browser.selected?.id, seen.last != id { seen.append(id) }
            app.press(.down)
        }
        let titles = try seen.map { try #require(try source.store.loan($0)).title }
        #expect(titles.allSatisfy { $0.hasPrefix("Box ") })
        let keys = try seen.map { DueOrderKey(try #require(try source.store.loan($0))) }
        #expect(keys == keys.sorted() && Set(keys).count == keys.count)
        #expect(seen.count == found)
        app.press(.character("G"))
        #expect(app.browser.selected?.id == seen.last)
        app.press(.character("g"))
        #expect(app.browser.selected?.id == seen.first)
        app.press(.character("/"), .control("u"))
        app.type("ox")
        #expect(app.text.contains("in the first \(bound) loans"))
        app.type(" 5")
        #expect(app.text.contains("OVERDUE (") && !app.text.contains("in the first"))
    }

    /// A one-letter filter that most loans match: the count stops at 99+, and the list still
    /// ends with the last match among the loans the bounded search reads.
    @Test func aShortFilterMatchingMostLoansEndsWhereItsSearchEnds() throws {
        let source = MemorySource()
        let bound = SearchText.standardWalkBound
        for index in 0..<(bound + 500) { source.loan(index % 10 == 9 ? "Box \(index)" : "Item \(index)", "Bob", due: -1 - index / 20, lent: -400) }
        var order: [Loan] = []
        try DueGroupQuery(.overdue, store: source.store).forEach(source.policy) { order.append($0.loan) }
        let lastSearched = try #require(order.prefix(bound).last { $0.title.hasPrefix("Item") })
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("/"))
        app.type("I")
        app.press(.enter)
        #expect(app.text.contains("OVERDUE (99+ in the first \(bound) loans; 3 or more characters search them all)"), "\(app.text)")
        app.press(.character("G"))
        #expect(app.browser.selected?.id == lastSearched.id)
        app.press(.pageUp, .pageDown, .down)
        #expect(app.browser.selected?.id == lastSearched.id)
    }
}
