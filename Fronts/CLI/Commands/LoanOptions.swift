import LoansArguments
import LoansCore

/// The arguments several commands share, declared once: a loan's id, its party, dates and note.
enum LoanOptions {
    static let id = Positional("ID", .id, help: "the loan's id (as `loans list` shows it; a leading # is fine)")
    /// The id of a returned loan (`reopen`): the shells offer the loans returned last.
    static let returnedID = Positional("ID", .returnedID, help: "the returned loan's id (as `loans list` shows it; a leading # is fine)")
    static let to = Option("--to", .name, "NAME", help: "you lent it to NAME")
    static let from = Option("--from", .name, "NAME", help: "you borrowed it from NAME")
    static let due = Option("--due", .date(.all), "DATE", help: "the day it is due back")
    static let lent = Option("--lent", .date(.all), "DATE", help: "the day it was lent or borrowed")
    static let note = Option("--note", .text, "TEXT", help: "a note (\"\" clears it)")

    /// The id positional, checked.
    static func id(_ input: CommandInput, _ positional: Positional<LoanID> = id) throws(CLIError) -> LoanID {
        guard let id = input[positional] else { throw input.refusal("'\(input.declaration.name)' is missing an argument") }
        return id
    }

    /// A title or a counterparty, checked by the rules every loan obeys; `label` names it.
    static func name(_ input: CommandInput, _ text: String, _ field: LoanField, _ label: String) throws(CLIError) -> String {
        try input.checked(label) { try LoanRules.name(text, field) }
    }

    /// `--to NAME` or `--from NAME`: the direction and the counterparty, when given.
    static func party(_ input: CommandInput) throws(CLIError) -> (Direction, String)? {
        if let name = input[to] { return (.lent, try self.name(input, name, .counterparty, to.name)) }
        if let name = input[from] { return (.borrowed, try self.name(input, name, .counterparty, from.name)) }
        return nil
    }

    /// `--note TEXT`, checked; nil when not given or empty.
    static func note(_ input: CommandInput) throws(CLIError) -> String? {
        try input.checked(note.name) { try LoanRules.note(input[note]) }
    }
}
