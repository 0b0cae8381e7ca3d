import LoansCore
import LoansTUI
import LoansTestSupport

/// The TUI's stores over a memory store, and its clock, with a day the test controls.
final class MemorySource: LoanStores, Clock {
    let store = MemoryStore()
    var policy: DuePolicy
    private(set) var writes = 0

    init(today: CivilDate = .on("2026-11-29"), window: Int = 7) {
        policy = DuePolicy(today: today, window: DueWindow(days: window) ?? .standard)
    }

    /// Which day it is: the clock's (this source's) day, never fixed, so tests can move it.
    var today: Today { Today(fixed: nil, window: policy.window, clock: self) }

    func now() -> Now { Now(today: policy.today, utc: UTCTimestamp(date: policy.today, hour: 12, minute: 0, second: 0)) }
    func reader() throws -> any LoanReading { store }

    func writer() throws -> any LoanWriting {
        writes += 1
        return store
    }

    /// Adds a loan due `due` days from today (through the store, not a use case).
    @discardableResult
    func loan(
        _ title: String, _ party: String = "Alice", due: Int, direction: Direction = .lent, lent: Int = -30, note: String? = nil
    ) -> LoanID {
        let today = policy.today
        let draft = LoanDraft(
            title: title, direction: direction, counterparty: party,
            lentOn: today.adding(days: min(lent, due)) ?? today, dueOn: today.adding(days: due) ?? today, note: note
        )
        return (try? store.add(draft)) ?? LoanID(0)
    }

    /// The demo loans of `loans --demo`, around today.
    static func demo() -> MemorySource {
        let source = MemorySource()
        source.loan("The Hobbit", "Alice", due: -3, note: "Hardback, dust jacket slightly torn.")
        source.loan("Cordless drill", "Sam next door", due: -1)
        source.loan("Dune", "City Library", due: 0, direction: .borrowed)
        source.loan("Camping tent", "Priya", due: 2, direction: .borrowed)
        source.loan("The Pragmatic Programmer", "City Library", due: 6, direction: .borrowed)
        source.loan("Azul (board game)", "Jonas", due: 20)
        return source
    }
}


extension TUIApp {
    init(source: MemorySource, width: Int, height: Int) {
        self.init(today: source.today, stores: source, width: width, height: height)
    }

    /// Presses keys in order.
    mutating func press(_ keys: Key...) {
        for key in keys { handle(.key(key)) }
    }

    /// Types text, one character at a time.
    mutating func type(_ text: String) {
        for character in text { handle(.key(.character(character))) }
    }

    /// The screen as text.
    var text: String { screen.snapshot }
}
