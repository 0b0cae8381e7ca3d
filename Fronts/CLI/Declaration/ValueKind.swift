import LoansAdapters
import LoansCore

/// What a value on the command line (or in the config file) is: its kind decides how the bytes
/// are read and checked, what help says about it and what the shells offer to complete.
enum ValueKind: Equatable {
    /// An option that takes no value.
    case flag
    /// Free text: a title, a note. Must be UTF-8.
    case text
    /// A person or library: text, completed from the counterparties already used.
    case name
    /// A date in the given forms.
    case date(DateForms)
    /// `+N[dwmy]`, counted in days when the unit is left out.
    case offset
    /// A whole number in a range; `unit` names what is counted ("days", "columns").
    case number(ClosedRange<Int>, unit: String)
    /// A list of days before a due date, like `3,1,0` (the empty text: none).
    case days
    /// A program to run (`--exec PROGRAM [ARG…]`): every word after it is the program's own.
    case program
    /// A loan id (a positive whole number), completed from the most urgent open loans.
    case id
    /// A file path, kept as the bytes given.
    case path
    /// One of `values`; `noun` says what they are ("format").
    case choice([String], noun: String)
    /// The name of a loans command.
    case command

    /// The values the shells offer for a choice.
    var choices: [String] {
        if case .choice(let values, _) = self { return values }
        return []
    }

    /// Reads `bytes` as this kind of value. `label` (an option, a variable, `file:line: key`)
    /// starts the message of a refusal; `today` anchors relative dates.
    func read(_ bytes: [UInt8], label: String?, today: CivilDate) throws(ValueError) -> Value {
        let prefix = label.map { $0 + ": " } ?? ""
        func utf8() throws(ValueError) -> String {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ValueError(prefix + "the value is not valid UTF-8 (loans keeps every byte of a text or refuses it)")
            }
            return text
        }
        switch self {
        case .flag:
            return .flag
        case .path:
            guard let path = SystemPath(bytes: bytes) else {
                throw ValueError(prefix + (bytes.isEmpty ? "an empty path names no file" : "a path cannot hold a NUL byte"))
            }
            return .path(path)
        case .text, .name, .command, .program:
            return .text(try utf8())
        case .date(let forms):
            let text = try utf8()
            do {
                return .date(try DateInput.parse(text, today: today, accepting: forms))
            } catch {
                throw ValueError(prefix + error.description)
            }
        case .offset:
            let text = try utf8()
            guard let offset = DateOffset(parsing: text, defaultUnit: .days) else {
                throw ValueError(prefix + "\(Quoted(text)) is not an offset (use +N, +Nd, +Nw, +Nm or +Ny)")
            }
            return .offset(offset)
        case .number(let range, let unit):
            let text = try utf8()
            guard let number = ValueKind.wholeNumber(text), range.contains(number) else {
                throw ValueError(prefix + "\(Quoted(text)) is not a number of \(unit) from \(range.lowerBound) to \(range.upperBound)")
            }
            return .number(number)
        case .days:
            let text = try utf8()
            guard text.utf8.count <= 1000, let days = ReminderSchedule.days(parsing: text) else {
                throw ValueError(prefix + "\(Quoted(text)) is not a list of days like 3,1,0 (whole numbers from 0 to \(ReminderSchedule.maximumDays))")
            }
            return .days(Array(Set(days)).sorted(by: >))
        case .id:
            let text = try utf8()
            guard let id = LoanID(parsing: text) else {
                throw ValueError(prefix + "\(Quoted(text)) is not a loan id (a positive whole number)")
            }
            return .id(id)
        case .choice(let values, let noun):
            let text = try utf8()
            guard values.contains(text) else {
                let hint = Suggestion.nearest(to: text, among: values).map { "; did you mean \(Quoted($0))?" } ?? ""
                throw ValueError(prefix + "\(Quoted(text)) is not a \(noun) (use \(values.joined(separator: ", ")))\(hint)")
            }
            return .choice(text)
        }
    }

    /// Digits only, at most nine of them (so no overflow and no sign or spaces).
    private static func wholeNumber(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}

/// A value read by its kind.
enum Value: Equatable {
    case flag
    case text(String)
    case date(CivilDate)
    case offset(DateOffset)
    case number(Int)
    case days([Int])
    case id(LoanID)
    case path(SystemPath)
    case choice(String)

    var text: String? { if case .text(let value) = self { value } else { nil } }
    var date: CivilDate? { if case .date(let value) = self { value } else { nil } }
    var offset: DateOffset? { if case .offset(let value) = self { value } else { nil } }
    var number: Int? { if case .number(let value) = self { value } else { nil } }
    var days: [Int]? { if case .days(let value) = self { value } else { nil } }
    var id: LoanID? { if case .id(let value) = self { value } else { nil } }
    var path: SystemPath? { if case .path(let value) = self { value } else { nil } }
    var choice: String? { if case .choice(let value) = self { value } else { nil } }

    /// The value as `loans config` shows it.
    var shown: String {
        switch self {
        case .flag: "yes"
        case .text(let value), .choice(let value): value
        case .date(let value): value.iso
        case .offset(let value): "+\(value.count)\(value.unit.letter)"
        case .number(let value): String(value)
        case .days(let value): value.map(String.init).joined(separator: ",")
        case .id(let value): String(value.rawValue)
        case .path(let value): value.description
        }
    }
}

/// A value refused by its kind; the message names where it came from.
struct ValueError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
