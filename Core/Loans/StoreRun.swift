/// What a store engine knows of the run that uses it: who acts — asked only when an engine needs
/// it, since naming the user reads the password database, which a status bar's read of a file
/// must not pay for — and whether the run keeps going.
package final class StoreRun {
    private let identify: () -> Author
    private var identified: Author?
    /// Whether the run keeps going (the TUI, `--watch`, a server front): an engine that talks to
    /// a server then keeps its connections alive and carries on after a failure, where a one-shot
    /// run bounds each wait and ends.
    package var keepsRunning: Bool

    package init(keepsRunning: Bool = false, author identify: @escaping () -> Author) {
        self.identify = identify
        self.keepsRunning = keepsRunning
    }

    /// Who changes are recorded as, and whom a server is told it serves: the OS user @ host.
    package var author: Author {
        if let identified { return identified }
        let author = identify()
        identified = author
        return author
    }
}
