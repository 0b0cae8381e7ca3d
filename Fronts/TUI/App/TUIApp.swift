import LoansCore
import LoansText

/// The TUI without a terminal: state, events in, a frame and a screen buffer out. The runner
/// feeds it keys and sizes from ncurses and "may have changed" from the live-agenda port; tests
/// and the benchmark feed it directly.
package struct TUIApp {
    /// Which day it is: asked again whenever the answer may have changed.
    let today: Today
    let stores: any LoanStores
    package private(set) var width: Int
    package private(set) var height: Int
    package private(set) var policy: DuePolicy
    package internal(set) var browser: AgendaBrowser
    package internal(set) var router = Router()
    /// Why the loans could not be read; the failure screen shows it until a retry succeeds.
    package internal(set) var failure: String?
    /// When the loans are read again while they cannot be: each failed read waits longer.
    private var retry = RetryPause()
    /// The loan of the screen on top (detail, form, question), as last read.
    var loan: LoanStanding?
    var form: LoanForm?
    /// The filter being typed, while `/` is active.
    var filterInput: TextInput?
    var message: StatusLine?
    /// How far the detail or the help is scrolled.
    var scroll = 0
    /// Set when the user quits.
    package internal(set) var isFinished = false
    /// Whether the loans are a throwaway demo (`--demo`): the header says so.
    let demo: Bool

    package init(today: Today, stores: any LoanStores, width: Int, height: Int, demo: Bool = false) {
        self.today = today
        self.stores = stores
        self.demo = demo
        self.width = width
        self.height = height
        policy = today.policy()
        browser = AgendaBrowser(height: ScreenView.bodyHeight(height))
        refresh()
    }

    /// Handles one event: a key, a new size, or news that the answer may have changed.
    package mutating func handle(_ event: TUIEvent) {
        switch event {
        case .key(let key):
            message = nil
            handle(key)
        case .paste(let text):
            paste(text)
        case .mouse(let mouse):
            handle(mouse)
        case .resize(let width, let height):
            self.width = width
            self.height = height
            reloadList(height: ScreenView.bodyHeight(height))
        case .changed:
            let failing = failure != nil
            policy = today.policy()
            refresh()
            if failure == nil { retry = RetryPause() } else if failing { retry.lengthen() }
        }
    }

    /// How long the runner waits before reading again, while the loans cannot be read (nil:
    /// they can, and nothing but news makes it read).
    package var retryMilliseconds: Int? {
        failure == nil ? nil : retry.milliseconds
    }

    /// The screen as it is now, worded.
    package var frame: Frame {
        let (body, hints) = bodyAndHints
        return Frame(
            header: AgendaPresenter.header(policy),
            context: ChromePresenter.context(router.current, mode: browser.mode, filter: browser.filter),
            body: body, status: filterInput.map(StatusLine.filter) ?? message, hints: hints, demo: demo
        )
    }

    private var bodyAndHints: (Body, [KeyHint]) {
        let hints = ChromePresenter.hints(keyMode, keyContext)
        let gone = Body.notice(Notice(text: "This loan no longer exists.", tone: .muted, hint: "q goes back"))
        switch router.current {
        case .agenda:
            if let failure { return (.notice(AgendaPresenter.failure(failure)), hints) }
            return (AgendaPresenter.body(browser), hints)
        case .detail:
            guard let loan else { return (gone, hints) }
            return (.detail(DetailPresenter.body(loan, scroll: scroll)), hints)
        case .add, .edit, .renew, .returnLoan:
            guard let form else { return (gone, hints) }
            return (.form(FormPresenter.body(form, today: policy.today)), hints)
        case .remove:
            guard let loan else { return (gone, hints) }
            return (.confirm(DialogPresenter.confirmRemove(loan.loan)), hints)
        case .help:
            return (.help(HelpBody(lines: HelpPresenter.lines, scroll: scroll)), hints)
        }
    }

    /// How far the detail can scroll at the current size.
    func maximumScroll(_ detail: DetailBody) -> Int {
        let visible = ScreenView.bodyHeight(height) - 2
        return max(0, PanelView.detailLineCount(detail, width: width) - visible)
    }

    /// The frame laid out at the current size.
    package var screen: ScreenBuffer {
        ScreenView.render(frame, width: width, height: height)
    }

    // MARK: Reading

    /// Reads everything on screen again: the list, and the loan of the screen on top.
    mutating func refresh() {
        reloadList(height: nil)
        guard failure == nil, let id = router.current.loanID else { return }
        do {
            loan = try LoanLookup(store: stores.reader()).show(id, policy)
        } catch LoanCommandError.notFound {
            loan = nil
            if form != nil {
                form = nil
                router.forget(id)
            }
        } catch {
            failure = describe(error)
        }
    }

    mutating func reloadList(height: Int?) {
        do {
            try browser.reload(query: AgendaQuery(store: stores.reader()), policy: policy, height: height)
            failure = nil
        } catch {
            failure = describe(error)
        }
    }

    /// Runs a read or a move on the list; a store failure turns into the failure screen.
    mutating func reading(_ body: (inout AgendaBrowser) throws -> Void) {
        do {
            try body(&browser)
        } catch {
            failure = describe(error)
        }
    }

    /// A failure's message as the screens show it: Core's refusals in the TUI's words (its keys,
    /// never a command to run), instants on the local wall clock.
    func describe(_ error: any Error) -> String {
        switch error {
        case let error as StoreError: error.message
        case let error as LoanCommandError: ErrorText.tui(error) { today.clock.wallTime(at: $0) }
        default: "\(error)"
        }
    }
}
