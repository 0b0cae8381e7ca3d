import LoansCore

/// Reads the loan forms — add, edit, renew, return — into Core's values with the command line's
/// rules and words: dates in every form the command line accepts (`2026-12-01`, `tomorrow`, `fri`,
/// `+2w`, `eom`), names and notes checked by `LoanRules`, and a refusal per field that names the
/// value as typed. Nothing here writes; the use cases check again what belongs to them.
package enum LoanForms {
    /// The add form (`title`, `direction` lent|borrowed, `counterparty`, `due`, `lent`, `note`):
    /// a new loan, lent today (or on its due date when that is earlier) unless `lent` says.
    package static func draft(_ fields: [WebField], today: CivilDate) throws(FormRefusal) -> LoanDraft {
        let form = FormValues(fields)
        var refusal = FormRefusal(input: form.values)
        let title = name(form, "title", .title, &refusal)
        let direction = self.direction(form, &refusal)
        let counterparty = name(form, "counterparty", .counterparty, &refusal)
        var due: CivilDate?
        if form.given("due") == nil {
            refusal.problems.append(("due", "say when it is due back: a date (\(DateForms.all.summary))"))
        } else {
            due = date(form, "due", today: today, &refusal)
        }
        let lent = form.given("lent") == nil ? nil : date(form, "lent", today: today, &refusal)
        let note = self.note(form, &refusal)
        guard refusal.problems.isEmpty, let title, let direction, let counterparty, let due else { throw refusal }
        let lentOn = lent ?? AddLoan.defaultLentOn(today: today, dueOn: due)
        do {
            try LoanRules.dates(lentOn: lentOn, dueOn: due, returnedOn: nil)
        } catch {
            refusal.problems.append((lent == nil ? "due" : "lent", error.description))
            throw refusal
        }
        return LoanDraft(title: title, direction: direction, counterparty: counterparty, lentOn: lentOn, dueOn: due, note: note)
    }

    /// The edit form: every field of the loan as the form shows it (a blank note clears it; a
    /// due date changed here is a correction, not a renewal).
    package static func edit(_ fields: [WebField], today: CivilDate) throws(FormRefusal) -> LoanEdit {
        let form = FormValues(fields)
        var refusal = FormRefusal(input: form.values)
        var edit = LoanEdit()
        edit.title = name(form, "title", .title, &refusal)
        edit.direction = direction(form, &refusal)
        edit.counterparty = name(form, "counterparty", .counterparty, &refusal)
        for (field, path) in [("due", \LoanEdit.dueOn), ("lent", \LoanEdit.lentOn)] {
            if form.given(field) == nil {
                refusal.problems.append((field, "\(field == "due" ? "the due date" : "the lent date") must not be empty"))
            } else {
                edit[keyPath: path] = date(form, field, today: today, &refusal)
            }
        }
        edit.note = note(form, &refusal) ?? ""
        guard refusal.problems.isEmpty else { throw refusal }
        return edit
    }

    /// The renew form: `due` (a new date) or `by` (`+N[dwmy]` from the current due date).
    package static func renewal(_ fields: [WebField], today: CivilDate) throws(FormRefusal) -> RenewalTarget {
        let form = FormValues(fields)
        var refusal = FormRefusal(input: form.values)
        switch (form.given("due"), form.given("by")) {
        case (_?, _?):
            refusal.problems.append((nil, "give a new due date or how much later (+N[dwmy]), not both"))
        case (nil, nil):
            refusal.problems.append(("due", "give a new due date, or how much later it is due (+N[dwmy])"))
        case (_?, nil):
            if let date = date(form, "due", today: today, &refusal) { return .date(date) }
        case (nil, let text?):
            let typed = text.trimmingSpaces
            if let offset = DateOffset(parsing: typed, defaultUnit: .days) { return .offset(offset) }
            refusal.problems.append(("by", "\(Quoted(typed)) is not an offset (use +N, +Nd, +Nw, +Nm or +Ny)"))
        }
        throw refusal
    }

    /// The return form: `on` (default today).
    package static func returnDate(_ fields: [WebField], today: CivilDate) throws(FormRefusal) -> CivilDate {
        let form = FormValues(fields)
        var refusal = FormRefusal(input: form.values)
        guard form.given("on") != nil else { return today }
        guard let date = date(form, "on", today: today, &refusal) else { throw refusal }
        return date
    }

    private static func name(_ form: FormValues, _ field: String, _ rule: LoanField, _ refusal: inout FormRefusal) -> String? {
        do {
            return try LoanRules.name(form[field] ?? "", rule)
        } catch {
            refusal.problems.append((field, error.description))
            return nil
        }
    }

    private static func direction(_ form: FormValues, _ refusal: inout FormRefusal) -> Direction? {
        guard let text = form["direction"], let direction = Direction(rawValue: text) else {
            refusal.problems.append(("direction", "say which way it went: lent (you lent it to them) or borrowed (you have it from them)"))
            return nil
        }
        return direction
    }

    private static func date(_ form: FormValues, _ field: String, today: CivilDate, _ refusal: inout FormRefusal) -> CivilDate? {
        let typed = (form[field] ?? "").trimmingSpaces
        do {
            return try DateInput.parse(typed, today: today, accepting: .all)
        } catch {
            refusal.problems.append((field, error.description))
            return nil
        }
    }

    private static func note(_ form: FormValues, _ refusal: inout FormRefusal) -> String? {
        do {
            return try LoanRules.note(form["note"].map(LoanForms.lineBreaks))
        } catch {
            refusal.problems.append(("note", error.description))
            return nil
        }
    }

    /// A browser sends a text area's line breaks as CRLF; a note keeps LF, as typed on the command line.
    package static func lineBreaks(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return String(decoding: text.utf8.split(separator: 0x0D, omittingEmptySubsequences: false).enumerated().flatMap { index, piece in
            index == 0 || piece.first == 0x0A ? Array(piece) : [0x0A] + Array(piece)
        }, as: UTF8.self)
    }
}

extension String {
    /// The text without spaces at either end (ASCII spaces and tabs: a date or offset is ASCII).
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.count
        let end = bytes.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? start
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
