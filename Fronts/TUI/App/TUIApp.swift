import LoansCore

/// The TUI without a terminal: state, events in, a frame and a screen buffer out. The runner
/// feeds it keys and sizes from ncurses and "may have changed" from the live-agenda port; tests
/// and the benchmark feed it directly.
public struct TUIApp {
    /// Which day it is: asked again whenever the answer may have changed.
    let today: Today
    let stores: any LoanStores
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var policy: DuePolicy
    public internal(set) var browser: AgendaBrowser
    public internal(set) var router = Router()
    /// Why the loans could not be read; the failure screen shows it until a retry succeeds.
    public internal(set) var failure: String?
    /// The loan of the screen on top (detail, form, question), as last read.
    var loan: LoanStanding?
    var form: LoanForm?
    /// The filter being typed, while `/` is active.
    var filterInput: TextInput?
    var message: StatusLine?
    /// How far the detail or the help is scrolled.
    var scroll = 0
    /// Set when the user quits.
    public internal(set) var isFinished = false

    public init(today: Today, stores: any LoanStores, width: Int, height: Int) {
        self.today = today
        self.stores = stores
        self.width = width
        self.height = height
        policy = today.policy()
        browser = AgendaBrowser(height: ScreenView.bodyHeight(height))
        refresh()
    }

    /// Handles one event: a key, a new size, or news that the answer may have changed.
    public mutating func handle(_ event: TUIEvent) {
        switch event {
        case .key(let key):
            message = nil
            handle(key)
        case .resize(let width, let height):
            self.width = width
            self.height = height
            reloadList(height: ScreenView.bodyHeight(height))
        case .changed:
            policy = today.policy()
            refresh()
        }
    }

    /// The screen as it is now, worded.
    public var frame: Frame {
        let header = AgendaPresenter.header(policy)
        let context = AgendaPresenter.context(mode: browser.mode, filter: browser.filter)
        let status = filterInput.map(StatusLine.filter) ?? message
        switch router.current {
        case .agenda:
            if let failure {
                return Frame(header: header, context: context, body: .notice(AgendaPresenter.failure(failure)),
                             status: status, hints: [KeyHint("q", "quit")])
            }
            return Frame(header: header, context: context, body: AgendaPresenter.body(browser), status: status,
                         hints: AgendaPresenter.hints)
        case .detail:
            guard let loan else { return Frame(header: header, context: context, body: .notice(gone), hints: backHints) }
            return Frame(header: header, context: context, body: .detail(DetailPresenter.body(loan, scroll: scroll)),
                         status: status, hints: DetailPresenter.hints)
        case .add, .edit, .renew, .returnLoan:
            guard let form else { return Frame(header: header, context: context, body: .notice(gone), hints: backHints) }
            return Frame(header: header, context: context, body: .form(FormPresenter.body(form, today: policy.today)),
                         status: status, hints: FormPresenter.hints(form))
        case .remove:
            guard let loan else { return Frame(header: header, context: context, body: .notice(gone), hints: backHints) }
            return Frame(header: header, context: context, body: .confirm(DialogPresenter.confirmRemove(loan.loan)),
                         status: status, hints: DialogPresenter.confirmHints)
        case .help:
            return Frame(header: header, context: context, body: .help(DialogPresenter.help(scroll: scroll)),
                         status: status, hints: DialogPresenter.helpHints)
        }
    }

    /// The frame laid out at the current size.
    public var screen: ScreenBuffer {
        ScreenView.render(frame, width: width, height: height)
    }

    private var gone: Notice {
        Notice(text: "This loan no longer exists.", tone: .muted, hint: "q goes back")
    }

    private var backHints: [KeyHint] { [KeyHint("q", "back")] }

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
            failure = Self.describe(error)
        }
    }

    mutating func reloadList(height: Int?) {
        do {
            try browser.reload(query: AgendaQuery(store: stores.reader()), policy: policy, height: height)
            failure = nil
        } catch {
            failure = Self.describe(error)
        }
    }

    /// Runs a read or a move on the list; a store failure turns into the failure screen.
    mutating func reading(_ body: (inout AgendaBrowser) throws -> Void) {
        do {
            try body(&browser)
        } catch {
            failure = Self.describe(error)
        }
    }

    /// A failure's message as the screens show it.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as StoreError: error.message
        case let error as LoanCommandError: error.description
        default: "\(error)"
        }
    }
}
