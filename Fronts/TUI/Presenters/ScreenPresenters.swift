import LoansCore
import LoansText

/// Words one loan's detail: every field, the note line by line and the renewal history.
package enum DetailPresenter {
    package static func body(_ item: LoanStanding, scroll: Int) -> DetailBody {
        let loan = item.loan
        typealias Field = DetailBody.Field
        var fields = [
            Field(label: "Title", value: loan.title, tone: .plain),
            Field(label: "Direction", value: loan.direction == .lent ? "lent (I gave it)" : "borrowed (I have it)", tone: .plain),
            Field(label: loan.direction == .lent ? "Lent to" : "Borrowed from", value: loan.counterparty, tone: .plain),
            Field(label: LoanWording.startLabel(loan.direction), value: dated(loan.lentOn), tone: .plain),
            Field(
                label: "Due on", value: "\(dated(loan.dueOn)) · \(RelativeDay.capitalized(RelativeDay.phrase(item)))",
                tone: AgendaPresenter.tone(item.status)
            ),
            Field(
                label: "Returned on", value: loan.returnedOn.map { "\(dated($0)) · \(LoanWording.lateness(loan) ?? "")" } ?? "not yet",
                tone: .plain
            ),
            Field(label: "Renewals", value: String(loan.renewals), tone: .plain),
        ]
        let dues = loan.previousDueDates + [loan.dueOn]
        for index in loan.previousDueDates.indices {
            fields.append(Field(label: "", value: "\(index + 1). \(dues[index].iso) → \(dues[index + 1].iso)", tone: .muted))
        }
        let note = loan.note.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? ["none"]
        for (index, line) in note.enumerated() {
            fields.append(Field(label: index == 0 ? "Note" : "", value: line, tone: loan.note == nil ? .muted : .plain))
        }
        return DetailBody(id: loan.id, title: "Loan #\(loan.id)", fields: fields, scroll: scroll)
    }

    static func dated(_ date: CivilDate) -> String {
        "\(LoanWording.weekday(date)) \(date.iso)"
    }
}

/// Words a form: its title, each field with the day a date means (or the name Tab would take)
/// or its problem.
package enum FormPresenter {
    package static func body(_ form: LoanForm, today: CivilDate) -> FormBody {
        let problems = form.problems(today: today)
        let direction = form.fields.first(where: \.isToggle)?.direction ?? .lent
        let fields = form.fields.enumerated().map { index, field in
            var meaning = field.isDate ? form.date(field.name, today: today).map(DetailPresenter.dated) : nil
            if index == form.focus, let name = form.suggestion { meaning = SafeText.sanitized(name) + " (Tab)" }
            let input = field.isToggle
                ? TextInput(field.direction == .lent ? "lent — I gave it to them" : "borrowed — I have it from them")
                : field.input
            return FormBody.Field(
                label: field.name == .lentOn ? LoanWording.startLabel(direction) : field.label, input: input, isToggle: field.isToggle,
                focused: index == form.focus, prefilled: field.prefilled, meaning: meaning, problem: problems[field.name]
            )
        }
        return FormBody(
            title: title(form.purpose), loanID: form.original?.id, fields: fields, failure: form.failure,
            overflow: form.overflow.map { ChromePresenter.overflow(form.fields[form.focus].label, $0) },
            askingToDiscard: form.askingToDiscard
        )
    }

    static func title(_ purpose: LoanForm.Purpose) -> String {
        switch purpose {
        case .add: "Add a loan"
        case .edit(let loan): "Edit loan #\(loan.id) · \(loan.title)"
        case .renew(let loan): "Renew loan #\(loan.id) · \(loan.title) · due \(loan.dueOn.iso)"
        case .returnLoan(let loan): "Return loan #\(loan.id) · \(loan.title)"
        }
    }
}

/// Words the remove confirmation.
package enum DialogPresenter {
    package static func confirmRemove(_ loan: Loan) -> ConfirmBody {
        ConfirmBody(id: loan.id, question: "Remove loan #\(loan.id) “\(loan.title)” for good?")
    }
}
