import LoansCore

/// Turns the raw words of a command into a checked `Command`, reading dates relative to the
/// request's `today`. Every refusal is a usage error that names the value.
struct CommandBuilder {
    let raw: RawInvocation
    let today: CivilDate

    func build() throws(CLIError) -> Command {
        guard let name = raw.command, let spec = CommandCatalog.spec(name) else { return .home }
        let usage = spec.usage
        func fail(_ message: String) -> CLIError { .usage(message, usage) }
        switch name {
        case "agenda": return .agenda
        case "overdue": return .overdue
        case "due-soon": return .dueSoon
        case "widget": return .widget(try WidgetCommand.options(raw))
        case "json": return .json(try JSONCommand.options(raw))
        case "import": return .importDocument(path: raw.positionals.first ?? "-", try ImportCommand.options(raw))
        case "history":
            let loan = raw.positionals.isEmpty ? nil : try id(usage)
            guard let text = raw.options["--limit"] else { return .history(loan, limit: nil) }
            guard text.utf8.count <= 7, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let limit = Int(text), (1...1_000_000).contains(limit) else {
                throw fail("--limit: \(Quoted(text)) is not a number of changes from 1 to 1000000")
            }
            return .history(loan, limit: limit)
        case "undo": return .undo(skippingBlocked: raw.options["--skip"] != nil)
        case "redo": return .redo
        case "reopen": return .reopen(try id(usage))
        case "remind": return .remind(try RemindCommand.options(raw))
        case "calendar": return .calendar(try CalendarCommand.options(raw))
        case "tui": return .tui
        case "list":
            let chosen = ["--open", "--returned", "--all"].filter { raw.options[$0] != nil }
            guard chosen.count <= 1 else { throw fail("choose one of --open, --returned and --all") }
            switch chosen.first {
            case "--returned": return .list(.returned)
            case "--all": return .list(.all)
            default: return .list(.open)
            }
        case "show": return .show(try id(usage))
        case "remove": return .remove(try id(usage))
        case "add": return .add(try draft(usage))
        case "edit":
            let loanID = try id(usage)
            let edit = try self.edit(usage)
            guard !edit.isEmpty else { throw fail("'edit' needs something to change: --title, --to, --from, --due, --lent or --note") }
            return .edit(loanID, edit)
        case "renew":
            let loanID = try id(usage)
            switch (raw.options["--due"], raw.options["--by"]) {
            case (let due?, nil):
                return .renew(loanID, .date(try date("--due", due, usage)))
            case (nil, let by?):
                guard let offset = DateOffset(parsing: by, defaultUnit: .days) else {
                    throw fail("--by: \(Quoted(by)) is not an offset (use +N, +Nd, +Nw or +Nm)")
                }
                return .renew(loanID, .offset(offset))
            default:
                throw fail("'renew' needs exactly one of --due DATE and --by +N[dwm]")
            }
        case "return":
            let on = try raw.options["--on"].map { text throws(CLIError) in try date("--on", text, usage) } ?? today
            return .returnLoan(try id(usage), on: on)
        default:
            throw fail("unknown command \(Quoted(name))")
        }
    }

    private func id(_ usage: String) throws(CLIError) -> LoanID {
        let text = raw.positionals.first ?? ""
        guard let id = LoanID(parsing: text) else {
            throw .usage("\(Quoted(text)) is not a loan id (a positive whole number)", usage)
        }
        return id
    }

    private func date(_ option: String, _ text: String, _ usage: String) throws(CLIError) -> CivilDate {
        do {
            return try DateInput.parse(text, today: today)
        } catch {
            throw .usage("\(option): \(error)", usage)
        }
    }

    private func name(_ option: String, _ text: String, _ field: LoanField, _ usage: String) throws(CLIError) -> String {
        do {
            return try LoanRules.name(text, field)
        } catch {
            throw .usage("\(option): \(error)", usage)
        }
    }

    /// `--to NAME` or `--from NAME`: the direction and the counterparty, at most one of them.
    private func party(_ usage: String, required: Bool) throws(CLIError) -> (Direction, String)? {
        switch (raw.options["--to"], raw.options["--from"]) {
        case (let to?, nil): return (.lent, try name("--to", to, .counterparty, usage))
        case (nil, let from?): return (.borrowed, try name("--from", from, .counterparty, usage))
        case (nil, nil):
            guard !required else { throw .usage("say who has it: --to NAME (lent) or --from NAME (borrowed)", usage) }
            return nil
        default: throw .usage("give only one of --to and --from", usage)
        }
    }

    private func note(_ usage: String) throws(CLIError) -> String? {
        do {
            return try LoanRules.note(raw.options["--note"])
        } catch {
            throw .usage("--note: \(error)", usage)
        }
    }

    private func draft(_ usage: String) throws(CLIError) -> LoanDraft {
        let title = try name("TITLE", raw.positionals.first ?? "", .title, usage)
        guard let (direction, counterparty) = try party(usage, required: true) else {
            throw .usage("say who has it: --to NAME or --from NAME", usage)
        }
        guard let dueText = raw.options["--due"] else { throw .usage("'add' needs --due DATE", usage) }
        let due = try date("--due", dueText, usage)
        let lent = try raw.options["--lent"].map { text throws(CLIError) in try date("--lent", text, usage) }
            ?? AddLoan.defaultLentOn(today: today, dueOn: due)
        do {
            try LoanRules.dates(lentOn: lent, dueOn: due, returnedOn: nil)
        } catch {
            throw .usage("\(error)", usage)
        }
        return LoanDraft(
            title: title, direction: direction, counterparty: counterparty,
            lentOn: lent, dueOn: due, note: try note(usage)
        )
    }

    private func edit(_ usage: String) throws(CLIError) -> LoanEdit {
        var edit = LoanEdit()
        if let title = raw.options["--title"] { edit.title = try name("--title", title, .title, usage) }
        if let (direction, counterparty) = try party(usage, required: false) {
            edit.direction = direction
            edit.counterparty = counterparty
        }
        if let due = raw.options["--due"] { edit.dueOn = try date("--due", due, usage) }
        if let lent = raw.options["--lent"] { edit.lentOn = try date("--lent", lent, usage) }
        if raw.options["--note"] != nil { edit.note = try note(usage) ?? "" }
        return edit
    }
}
