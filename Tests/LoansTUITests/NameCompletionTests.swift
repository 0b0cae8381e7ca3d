import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// A form's person field offers the names already known — the people kept and the counterparties
/// used — as the shells do: the first that begins with what is typed (as names are compared) is
/// shown beside the field, and Tab takes it; with nothing to offer, Tab moves to the next field.
@Suite struct NameCompletionTests {
    let today = CivilDate.on("2026-11-29")

    func counterparty(_ form: LoanForm) -> String {
        form.fields.first { $0.name == .counterparty }?.input.text ?? ""
    }

    @Test func tabTakesTheKnownNameTheTextBegins() {
        var form = LoanForm.add(window: .standard)
        form.knownNames = ["Alan", "Alice Smith", "City Library", "Émile"]
        for character in "Ali" { _ = form.apply(.character(character), today: today) }
        #expect(form.suggestion == nil, "only a person field offers names")
        _ = form.apply(.tab, today: today)
        _ = form.apply(.tab, today: today)
        #expect(form.suggestion == nil, "nothing is typed yet")
        for character in "aLI" { _ = form.apply(.character(character), today: today) }
        #expect(form.suggestion == "Alice Smith" && form.keyContext.holds.contains(.suggestion))
        #expect(FormPresenter.body(form, today: today).fields[2].meaning == "Alice Smith (Tab)")
        _ = form.apply(.tab, today: today)
        #expect(counterparty(form) == "Alice Smith" && form.focus == 2 && form.suggestion == nil)
        _ = form.apply(.tab, today: today)
        #expect(form.focus == 3, "with nothing to offer, Tab moves on")
        _ = form.apply(.backTab, today: today)
        _ = form.apply(.control("u"), today: today)
        for character in "e\u{301}m" { _ = form.apply(.character(character), today: today) }
        #expect(form.suggestion == "Émile", "a name typed decomposed is the same name")
        _ = form.apply(.control("u"), today: today)
        for character in "alice smith" { _ = form.apply(.character(character), today: today) }
        #expect(form.suggestion == "Alice Smith", "Tab takes the known spelling")
        _ = form.apply(.control("u"), today: today)
        for character in "Zed" { _ = form.apply(.character(character), today: today) }
        #expect(form.suggestion == nil && !form.keyContext.holds.contains(.suggestion))
    }

    /// The app reads the names when it opens a form: a contact kept with no loan is offered too,
    /// its control characters shown as spaces.
    @Test func theAppOffersThePeopleKeptAndTheNamesUsed() throws {
        let source = MemorySource.demo()
        _ = try SetPerson(store: source.store).run("Zed\u{1B}[31m Kowalski", email: nil)
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("a"), .tab, .tab)
        app.type("ze")
        #expect(app.text.contains("→ Zed [31m Kowalski (Tab)"), "\(app.text)")
        #expect(app.frame.hints.contains { $0.key == "Tab" && $0.action == "complete name" })
        app.press(.tab)
        app.type("x")
        #expect(app.text.contains("Zed [31m Kowalskix"))
        app.press(.escape, .character("y"), .character("e"), .tab, .tab, .control("u"))
        app.type("sam")
        #expect(app.text.contains("→ Sam next door (Tab)"), "the edit form offers names too")
    }
}
