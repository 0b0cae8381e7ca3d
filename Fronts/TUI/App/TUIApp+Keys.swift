import LoansCore

/// The keys of each screen, as the key map binds them, and pasted text (text only where text is
/// typed, never a command).
extension TUIApp {
    /// Which keys work now.
    package var keyMode: KeyMode {
        switch router.current {
        case .agenda: failure != nil ? .failure : filterInput != nil ? .filtering : .list
        case .detail: loan == nil ? .gone : .detail
        case .add, .edit, .renew, .returnLoan: form?.keyMode ?? .gone
        case .remove: loan == nil ? .gone : .removeQuestion
        case .help: .help
        }
    }

    /// What the key map's conditions find at the moment: the loan under the cursor or on screen,
    /// the view and its filter, whether the screen scrolls.
    package var keyContext: KeyContext {
        var holds: KeyConditions = []
        func about(_ loan: Loan?) {
            guard let loan else { return }
            holds.formUnion([.loan, loan.isOpen ? .openLoan : .returnedLoan])
        }
        switch router.current {
        case .agenda:
            let selected = browser.selected
            about(selected?.loan)
            if selected != nil { holds.insert(.rows) }
            if browser.mode.canFilter { holds.insert(.filterable) }
            if browser.filter != nil { holds.insert(.filtered) }
            if filterInput?.isEmpty == true { holds.insert(.emptyFilter) }
        case .detail:
            about(loan?.loan)
            if let loan, maximumScroll(DetailPresenter.body(loan, scroll: scroll)) > 0 { holds.insert(.scrollable) }
        case .help:
            if maximumHelpScroll > 0 { holds.insert(.scrollable) }
        case .add, .edit, .renew, .returnLoan:
            if let form { holds.formUnion(form.keyContext.holds) }
        case .remove:
            about(loan?.loan)
        }
        return KeyContext(holds: holds, nextView: browser.mode.next.title.lowercased())
    }

    mutating func handle(_ key: Key) {
        let mode = keyMode
        switch mode {
        case .form, .directionField, .discardQuestion:
            return formKey(key)
        default:
            break
        }
        guard let action = KeyMap.action(for: key, in: mode, keyContext) else {
            if mode == .filtering, case .character(let character) = key { typeIntoFilter(String(character), pasted: false) }
            return
        }
        switch mode {
        case .list: listAction(action)
        case .filtering: filterAction(action)
        case .detail: detailAction(action)
        case .removeQuestion: removeAction(action)
        case .help: helpAction(action)
        case .failure: if action == .quit { isFinished = true }
        case .gone: if action == .back { back() }
        case .form, .directionField, .discardQuestion: break
        }
    }

    private mutating func listAction(_ action: KeyAction) {
        switch action {
        case .down: reading { browser in try browser.moveDown() }
        case .up: reading { browser in try browser.moveUp() }
        case .pageDown: reading { browser in try browser.pageDown() }
        case .pageUp: reading { browser in try browser.pageUp() }
        case .first: reading { browser in try browser.moveToFirst() }
        case .last: reading { browser in try browser.moveToLast() }
        case .open: if let id = browser.selected?.id { open(.detail(id)) }
        case .add: open(.add)
        case .filter: filterInput = TextInput(browser.filter ?? "")
        case .nextView: reading { browser in try browser.setMode(browser.mode.next) }
        case .clearFilter: reading { browser in try browser.setFilter(nil) }
        case .undo, .redo: undo(redo: action == .redo)
        case .help: open(.help)
        case .quit: isFinished = true
        default: if let id = browser.selected?.id { loanAction(action, on: id) }
        }
    }

    /// `/`: the filter applies as it is typed; Enter keeps it, Esc clears it, arrows move.
    private mutating func filterAction(_ action: KeyAction) {
        switch action {
        case .keepFilter, .closeFilter:
            filterInput = nil
        case .clearFilter:
            filterInput = nil
            reading { browser in try browser.setFilter(nil) }
        case .down, .up, .pageDown, .pageUp:
            listAction(action)
        case .text(let edit):
            editFilter { $0.perform(edit) }
        default:
            break
        }
    }

    /// Edits the filter being typed and filters the list by it.
    private mutating func editFilter(_ edit: (inout TextInput) -> Void) {
        guard var input = filterInput else { return }
        edit(&input)
        filterInput = input
        reading { browser in try browser.setFilter(input.text) }
    }

    /// Types or pastes text into the filter and filters the list by it. What a full filter has
    /// no room for is refused, and the filter's line says so; when nothing went in, the list is
    /// not searched again (so a key costs the same however long the filter).
    private mutating func typeIntoFilter(_ text: String, pasted: Bool) {
        guard var input = filterInput else { return }
        let refused = input.insert(text)
        filterOverflow = refused > 0 ? TextOverflow(capacity: input.capacity, pasted: pasted) : nil
        guard refused < text.count else { return }
        filterInput = input
        reading { browser in try browser.setFilter(input.text) }
    }

    private mutating func detailAction(_ action: KeyAction) {
        let page = max(1, ScreenView.bodyHeight(height) - 3)
        switch action {
        case .down: scrollDetail(by: 1)
        case .up: scrollDetail(by: -1)
        case .pageDown: scrollDetail(by: page)
        case .pageUp: scrollDetail(by: -page)
        case .undo, .redo: undo(redo: action == .redo)
        case .help: open(.help)
        case .back: back()
        default: if let id = loan?.id { loanAction(action, on: id) }
        }
    }

    /// What the list and the detail do alike to their loan: edit, return, renew, reopen, remove.
    private mutating func loanAction(_ action: KeyAction, on id: LoanID) {
        switch action {
        case .edit: open(.edit(id))
        case .returnLoan: open(.returnLoan(id))
        case .renew: open(.renew(id))
        case .remove: open(.remove(id))
        case .reopen: reopen(id)
        default: break
        }
    }

    private mutating func removeAction(_ action: KeyAction) {
        switch action {
        case .confirmRemove: if let id = loan?.id { remove(id) }
        case .keep: router.back()
        default: break
        }
    }

    private mutating func helpAction(_ action: KeyAction) {
        let page = max(1, ScreenView.bodyHeight(height) - 3)
        switch action {
        case .down: scrollHelp(by: 1)
        case .up: scrollHelp(by: -1)
        case .pageDown: scrollHelp(by: page)
        case .pageUp: scrollHelp(by: -page)
        case .back: back()
        default: break
        }
    }

    /// Back one screen, to the top of the one below.
    private mutating func back() {
        router.back()
        scroll = 0
    }

    /// Scrolls the detail, no further than its last line.
    mutating func scrollDetail(by lines: Int) {
        guard case .detail(let detail) = frame.body else { return }
        scroll = min(max(0, scroll + lines), maximumScroll(detail))
    }

    /// Scrolls the help, no further than its last line.
    mutating func scrollHelp(by lines: Int) {
        scroll = min(max(0, scroll + lines), maximumHelpScroll)
    }

    /// How far the help can scroll at the current size.
    var maximumHelpScroll: Int {
        max(0, HelpPresenter.lines.count - (ScreenView.bodyHeight(height) - 2))
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

    /// Pasted text: into the filter being typed or the form's focused field; nowhere else.
    mutating func paste(_ text: String) {
        switch router.current {
        case .agenda:
            guard filterInput != nil, failure == nil else { return }
            typeIntoFilter(TextInput.pastable(text, keepingNewlines: false), pasted: true)
        case .add, .edit, .renew, .returnLoan:
            form?.paste(text)
        case .detail, .remove, .help:
            break
        }
    }

    /// Opens a screen through the router, which refuses ids the current frame does not show,
    /// and reads the loan the screen is about.
    mutating func open(_ route: Route) {
        guard router.open(route, visible: frame.visibleIDs) else { return }
        scroll = 0
        guard let id = route.loanID else {
            if route == .add { form = offeringNames(.add(window: policy.window)) }
            return
        }
        do {
            let item = try LoanLookup(store: stores.reader()).show(id, policy)
            loan = item
            if route == .renew(id) || route == .returnLoan(id) { try item.loan.requireOpen() }
            switch route {
            case .edit: form = offeringNames(.edit(item.loan))
            case .renew: form = .renew(item.loan, window: policy.window)
            case .returnLoan: form = .returnLoan(item.loan)
            default: break
            }
        } catch {
            router.back()
            message = .message(describe(error), .error)
        }
    }

    /// The form with the names its person field offers: the people kept and the names the first
    /// loans use (as many as the shells read); none when the store cannot be read (the form works
    /// without them).
    private func offeringNames(_ form: LoanForm) -> LoanForm {
        var form = form
        form.knownNames = (try? PeopleQuery(store: stores.reader()).names(scanning: PeopleQuery.nameScan)) ?? []
        return form
    }
}
