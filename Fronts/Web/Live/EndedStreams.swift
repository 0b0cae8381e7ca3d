import LoansCore

/// What the front does when the store may have changed: the streams of sessions and tokens that
/// have ended since — a password changed, an account removed, a session signed out or idle too
/// long, by this server or any other process — are closed at once, then every open page is told.
extension WebFront {
    /// Called from the one thread that waits on the store's change feed.
    package func changed() {
        let now = services.now().utc.secondsSinceEpoch
        let signIn = SignIn(store: services.signIns)
        let ended = live.holders.filter { holder in
            do {
                switch holder {
                case .session(let hash): return try signIn.session(hash, now: now) == nil
                case .token(let hash): return try signIn.bearer(hash, now: now) == nil
                }
            } catch {
                return false  // a store that does not answer ends nobody's stream
            }
        }
        if !ended.isEmpty { live.close(ended) }
        live.changed()
    }
}
