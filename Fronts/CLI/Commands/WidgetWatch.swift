import Glibc
import LoansAdapters
import LoansCore
import LoansWidget

/// `loans widget --watch`: once a second (asleep in between, never busy) it stats the database
/// files and reads the clock; it computes the answer again only when the files changed, the
/// civil day rolled over or the last answer failed, and prints only when the line changes
/// (`WidgetFeed`). Each answer opens the database afresh, so a file that appears, or is
/// replaced, after the start is read. It ends when its reader goes away (stdout closed).
struct WidgetWatch {
    let command: WidgetCommand
    let style: WidgetStyle
    let presenter: WidgetPresenter

    func run() throws -> ExitCode {
        WidgetWatch.unblockStopSignals()
        let request = command.request
        var watcher = ChangeWatcher(databasePath: watchedPath(request))
        var feed = WidgetFeed(style: style)
        var policy = request.policy
        var lastMessage: String?
        while true {
            if feed.needsAnswer(storeChanged: watcher.poll(), today: policy.today) {
                let text = try command.answer(policy, presenter, style.format) { message in
                    if message != lastMessage { request.console.err.line("loans: " + message) }
                    request.console.err.flush()
                    lastMessage = message
                }
                if text.state != .failed { lastMessage = nil }
                for line in feed.lines(for: text) { request.console.out.line(line) }
                request.console.out.flush()
            }
            if WidgetWatch.outputClosed { return .success }
            sleep(1)
            policy = request.policy(at: request.clock.now())
        }
    }

    /// The file whose changes matter: the database (or the fixture document).
    private func watchedPath(_ request: Request) -> String {
        if case .fixture(let path) = request.settings.source { return path }
        return (try? request.stores.databasePath()) ?? ""
    }

    /// A bar stops its status command with a signal; a mask inherited from whoever started loans
    /// (a thread that blocks signals, say) must not make the loop unstoppable.
    private static func unblockStopSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&signals, signal) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    /// True once nobody reads standard output any more (a closed pipe or a hung-up terminal),
    /// even when SIGPIPE is ignored and writes fail quietly.
    private static var outputClosed: Bool {
        var descriptor = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLERR | POLLHUP) != 0
    }
}
