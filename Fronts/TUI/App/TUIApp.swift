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
    /// Why the loans could not be read at the last try, until a retry succeeds. The list read
    /// before stays on screen, marked as not current; before any answer the failure screen says it.
    package internal(set) var failure: String?
    /// When the list on screen was read (nil before the first answer): kept through a failure.
    var answeredAt: UTCTimestamp?
    /// When the loans are read again while they cannot be: each failed read waits longer.
    private var retry = RetryPause()
    /// The loan of the screen on top (detail, form, question), as last read.
    var loan: LoanStanding?
    var form: LoanForm?
    /// The filter being typed, while `/` is active.
    var filterInput: TextInput?
    /// What the filter refused to take at the last key or paste (it was full).
    var filterOverflow: TextOverflow?
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
            filterOverflow = nil
            handle(key)
        case .paste(let text):
            paste(text)
        case .mouse(let mouse):
            handle(mouse)
        case .resize(let width, let height):
            self.width = width
            self.height = height
            reloadList()
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
        let context = ChromePresenter.context(router.current, mode: browser.mode, filter: browser.filter)
        return Frame(
            header: AgendaPresenter.header(policy),
            context: staleLine == nil ? context : ChromePresenter.notCurrent(context),
            body: body, status: staleLine ?? filterLine ?? message, hints: hints, demo: demo
        )
    }

    /// While the loans cannot be read, on the screens that show what was read (the list and a
    /// loan's detail): when that was, and why it cannot be read now.
    private var staleLine: StatusLine? {
        guard let failure, let answeredAt else { return nil }
        switch router.current {
        case .agenda, .detail: return .message(AgendaPresenter.notCurrent(failure, readAt: today.clock.wallTime(at: answeredAt)), .error)
        case .add, .edit, .renew, .returnLoan, .remove, .help: return nil
        }
    }

    /// The filter being typed, and what it refused.
    private var filterLine: StatusLine? {
        filterInput.map { .filter($0, note: filterOverflow.map { ChromePresenter.overflow("the filter", $0) }) }
    }

    private var bodyAndHints: (Body, [KeyHint]) {
        let hints = ChromePresenter.hints(keyMode, keyContext)
        let gone = Body.notice(Notice(text: "This loan no longer exists.", tone: .muted, hint: "q goes back"))
        switch router.current {
        case .agenda:
            if let failure, answeredAt == nil { return (.notice(AgendaPresenter.failure(failure)), hints) }
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
        reloadList()
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

    /// Reads the list again at the current size, and notes when; when the store fails, the list
    /// stays as last read.
    mutating func reloadList() {
        let now = today.now()
        failure = nil
        let (stores, policy, height) = (stores, policy, ScreenView.bodyHeight(height))
        reading { browser in try browser.reload(query: AgendaQuery(store: stores.reader()), policy: policy, height: height) }
        if failure == nil { answeredAt = now.utc }
    }

    /// Runs a read or a move on the list. When the store fails, the list stays as last read (a
    /// move failing half-way is undone whole), marked as not current.
    mutating func reading(_ body: (inout AgendaBrowser) throws -> Void) {
        let last = browser
        do {
            try body(&browser)
        } catch {
            browser = last
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
