import Synchronization

/// The lists of the last pages made, kept until the loans change: a page's list (everything in
/// its `main` but what belongs to the person — the flash, the forms' tokens) depends only on the
/// store, the day, the window and the address asked, so while nothing changes the next visitor
/// of the same address gets the same bytes without the store being read. An entry is made at the
/// change generation read *before* the store was, so a change that lands while a page is made
/// only ever makes the entry older, never newer than its generation says; a change (told by the
/// store's watcher, or by the front after its own write) makes every entry old. At most
/// `capacity` entries; when full, all go. Off unless the composition root watches the store.
final class PageCache: Sendable {
    private let entries = Mutex<[String: (generation: UInt64, title: String, markup: TrustedHTML)]>([:])
    static let capacity = 64

    /// The list kept for `key` at `generation`, if any.
    func list(_ key: String, at generation: UInt64) -> (title: String, markup: TrustedHTML)? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.generation == generation else { return nil }
            return (entry.title, entry.markup)
        }
    }

    /// Keeps a list made from the store as it was at `generation` or later.
    func keep(_ key: String, at generation: UInt64, title: String, markup: TrustedHTML) {
        entries.withLock { entries in
            entries = entries.filter { $0.value.generation == generation }
            if entries.count >= PageCache.capacity { entries.removeAll() }
            entries[key] = (generation, title, markup)
        }
    }
}
