import LoansCore

/// `loans show`: every field of one loan, one per line, data sanitised; a note keeps its lines.
package enum LoanDetailText {
    /// The fields, one per line; with `colour`, the due date in the colour of the loan's status.
    package static func lines(_ item: LoanStanding, colour: Bool = false) -> [String] {
        let loan = item.loan
        let history = loan.previousDueDates.map(\.iso).joined(separator: ", ")
        var fields: [(String, String)] = [
            ("Title", SafeText.sanitized(loan.title)),
            ("Direction", loan.direction.rawValue),
            ("Counterparty", SafeText.sanitized(loan.counterparty)),
            (LoanWording.startLabel(loan.direction), loan.lentOn.iso),
            ("Due on", TextColour.paint("\(loan.dueOn.iso) (\(RelativeDay.phrase(item)))", item.status, colour: colour)),
            ("Returned on", loan.returnedOn.map { "\($0.iso) (\(LoanWording.lateness(loan) ?? ""))" } ?? "not yet"),
            ("Renewals", loan.renewals == 0 ? "0" : "\(loan.renewals) (earlier due dates: \(history))"),
        ]
        let noteLines = (loan.note ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        fields.append(("Note", loan.note == nil ? "none" : SafeText.sanitized(noteLines.first ?? "")))
        let labelWidth = fields.map { $0.0.count }.max() ?? 0
        var out = ["Loan #\(loan.id)"]
        for (label, value) in fields {
            out.append(label + ":" + String(repeating: " ", count: labelWidth - label.count + 2) + value)
        }
        let indent = String(repeating: " ", count: labelWidth + 3)
        for line in noteLines.dropFirst() {
            out.append(indent + SafeText.sanitized(line))
        }
        return out
    }
}
