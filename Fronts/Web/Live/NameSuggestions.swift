import LoansCore
import Synchronization

/// The names a field that asks for a person suggests (its `<datalist>`): the known people —
/// every contact, and the counterparties of the loans read — as the shell completions and the
/// TUI offer them (`PeopleQuery.names`), read with a bound so the cost stays flat at any size,
/// and kept until the loans change, as the page cache keeps lists (made at the change generation
/// read before the store was; without a watcher, read for every form).
final class NameSuggestions: Sendable {
    /// The names a form carries at most (a tool library's members fit; a longer list is noise).
    static let shown = 1_000

    private let kept = Mutex<(generation: UInt64, names: [String])?>(nil)

    /// The names, kept at `generation` when it is given, else read by `read` (which is also how
    /// they are made).
    func names(at generation: UInt64?, read: () throws -> [String]) throws -> [String] {
        if let generation, let kept = kept.withLock({ $0 }), kept.generation == generation { return kept.names }
        let names = Array(try read().prefix(NameSuggestions.shown))
        if let generation { kept.withLock { $0 = (generation, names) } }
        return names
    }
}

extension WebFront {
    /// The names a person field suggests now; none when the store cannot say (the page that
    /// shows the form reads the store itself, and says so if it fails).
    func suggestedNames() -> [String] {
        let generation = services.watchesChanges ? live.current : nil
        let readers = services.readers
        return (try? names.names(at: generation) {
            try readers.read { try PeopleQuery(store: $0).names(scanning: PeopleQuery.nameScan) }
        }) ?? []
    }
}
