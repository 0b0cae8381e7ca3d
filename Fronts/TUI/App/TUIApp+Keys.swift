import LoansCore

/// The keys of each screen, and pasted text (text only where text is typed, never a command).
extension TUIApp {
    mutating func handle(_ key: Key) {
        switch router.current {
        case .agenda:
            if filterInput != nil { filterKey(key) } else { listKey(key) }
        case .detail:
            detailKey(key)
        case .add, .edit, .renew, .returnLoan:
            formKey(key)
        case .remove:
            confirmKey(key)
        case .help:
            helpKey(key)
        }
    }

    private mutating func listKey(_ key: Key) {
        if failure != nil {
            if key == .character("q") || key == .escape { isFinished = true }
            return
        }
        if moveKey(key) { return }
        switch key {
        case .enter, .right, .character("l"):
            if let id = browser.selected?.id { open(.detail(id)) }
        case .character("a"):
            open(.add)
        case .character("e"), .character("x"):
            if let id = browser.selected?.id { act(key, on: id) }
        case .character("r"), .character("n"):
            if let selected = browser.selected, selected.loan.isOpen { act(key, on: selected.id) }
        case .character("o"):
            if let selected = browser.selected, !selected.loan.isOpen { reopen(selected.id) }
        case .character("u"), .control("r"):
            undo(redo: key == .control("r"))
        case .character("/") where browser.mode.canFilter:
            filterInput = TextInput(browser.filter ?? "")
        case .tab:
            reading { browser in try browser.setMode(browser.mode.next) }
        case .character("?"):
            open(.help)
        case .character("q"):
            isFinished = true
        case .escape:
            if browser.filter != nil {
                reading { browser in try browser.setFilter(nil) }
            } else {
                isFinished = true
            }
        default:
            break
        }
    }

    /// The moving keys of the list; false when `key` is not one.
    private mutating func moveKey(_ key: Key) -> Bool {
        switch key {
        case .down, .character("j"): reading { browser in try browser.moveDown() }
        case .up, .character("k"): reading { browser in try browser.moveUp() }
        case .pageDown, .control("f"), .control("d"), .character(" "): reading { browser in try browser.pageDown() }
        case .pageUp, .control("b"), .control("u"): reading { browser in try browser.pageUp() }
        case .home, .character("g"): reading { browser in try browser.moveToFirst() }
        case .end, .character("G"): reading { browser in try browser.moveToLast() }
        default: return false
        }
        return true
    }

    /// `/`: the filter applies as it is typed; Enter keeps it, Esc clears it, arrows move.
    private mutating func filterKey(_ key: Key) {
        guard var input = filterInput else { return }
        switch key {
        case .enter:
            filterInput = nil
        case .escape:
            filterInput = nil
            reading { browser in try browser.setFilter(nil) }
        case .up, .down, .pageUp, .pageDown:
            _ = moveKey(key)
        case .backspace where input.text.isEmpty:
            filterInput = nil
        default:
            guard input.apply(key) else { return }
            filterInput = input
            reading { browser in try browser.setFilter(input.text) }
        }
    }

    private mutating func detailKey(_ key: Key) {
        switch key {
        case .character("e"), .character("x"):
            if let id = loan?.id { act(key, on: id) }
        case .character("r"), .character("n"):
            if let loan, loan.loan.isOpen { act(key, on: loan.id) }
        case .character("o"):
            if let loan, !loan.loan.isOpen { reopen(loan.id) }
        case .character("u"), .control("r"):
            undo(redo: key == .control("r"))
        case .character("?"):
            open(.help)
        case .character("q"), .escape, .left, .character("h"):
            router.back()
            scroll = 0
        default:
            if let lines = scrollLines(key) { scrollDetail(by: lines) }
        }
    }

    /// How far a key scrolls the detail or the help: a line, or a page.
    private func scrollLines(_ key: Key) -> Int? {
        let page = max(1, ScreenView.bodyHeight(height) - 3)
        switch key {
        case .down, .character("j"): return 1
        case .up, .character("k"): return -1
        case .pageDown, .control("d"), .control("f"), .character(" "): return page
        case .pageUp, .control("u"), .control("b"): return -page
        default: return nil
        }
    }

    /// Scrolls the detail, no further than its last line.
    mutating func scrollDetail(by lines: Int) {
        guard case .detail(let detail) = frame.body else { return }
        scroll = min(max(0, scroll + lines), maximumScroll(detail))
    }

    /// Scrolls the help, no further than its last line.
    mutating func scrollHelp(by lines: Int) {
        let total = DialogPresenter.help(scroll: 0).lines.count
        scroll = min(max(0, scroll + lines), max(0, total - (ScreenView.bodyHeight(height) - 2)))
    }

    private mutating func formKey(_ key: Key) {
        guard var form else { return }
        let outcome = form.apply(key, today: policy.today)
        self.form = form
        switch outcome {
        case .editing:
            break
        case .cancel:
            closeForm()
        case .submit(let submission):
            perform(submission)
        }
    }

    private mutating func confirmKey(_ key: Key) {
        switch key {
        case .character("y"), .character("Y"):
            if let id = loan?.id { remove(id) }
        case .character("n"), .character("N"), .character("q"), .escape:
            router.back()
        default:
            break
        }
    }

    private mutating func helpKey(_ key: Key) {
        switch key {
        case .character("q"), .character("?"), .escape, .left, .character("h"):
            router.back()
            scroll = 0
        default:
            if let lines = scrollLines(key) { scrollHelp(by: lines) }
        }
    }

    /// Pasted text: into the filter being typed or the form's focused field; nowhere else.
    mutating func paste(_ text: String) {
        switch router.current {
        case .agenda:
            guard var input = filterInput, failure == nil else { return }
            input.insert(TextInput.pastable(text, keepingNewlines: false))
            filterInput = input
            reading { browser in try browser.setFilter(input.text) }
        case .add, .edit, .renew, .returnLoan:
            form?.paste(text)
        case .detail, .remove, .help:
            break
        }
    }

    /// `e`, `r`, `n`, `x` on a loan.
    private mutating func act(_ key: Key, on id: LoanID) {
        switch key {
        case .character("e"): open(.edit(id))
        case .character("r"): open(.returnLoan(id))
        case .character("n"): open(.renew(id))
        case .character("x"): open(.remove(id))
        default: break
        }
    }

    /// Opens a screen through the router, which refuses ids the current frame does not show,
    /// and reads the loan the screen is about.
    mutating func open(_ route: Route) {
        guard router.open(route, visible: frame.visibleIDs) else { return }
        scroll = 0
        guard let id = route.loanID else {
            if route == .add { form = .add(window: policy.window) }
            return
        }
        do {
            let item = try LoanLookup(store: stores.reader()).show(id, policy)
            loan = item
            if route == .renew(id) || route == .returnLoan(id) { try item.loan.requireOpen() }
            switch route {
            case .edit: form = .edit(item.loan)
            case .renew: form = .renew(item.loan, window: policy.window)
            case .returnLoan: form = .returnLoan(item.loan)
            default: break
            }
        } catch {
            router.back()
            message = .message(describe(error), .error)
        }
    }
}
