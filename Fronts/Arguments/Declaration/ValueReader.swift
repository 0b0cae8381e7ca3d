import LoansCore
import LoansSystem

/// How the bytes of one value (a word of the command line, an environment variable, the right
/// side of a config line) become a `Value`, checked. Each reader is made together with its kind,
/// so what help and the shells say about a value and how it is read cannot disagree, and an
/// option made with `.number(…)` gives an `Int` and nothing else.
///
/// `Value` is the reader's type only: what it stores is the same for every type (the value
/// read travels as `any Sendable` and is cast back to `Value` where it is read typed). A generic
/// type that stored a `Value` would be made at run time wherever it is copied, and a status
/// bar's run would pay for making one per setting.
package struct ValueReader<Value: Sendable>: Sendable {
    package let kind: ValueKind
    /// A value of this reader as `loans config` and help show it (the form it was read from).
    package let shown: @Sendable (any Sendable) -> String
    private let reading: @Sendable (ValueInput) throws(ValueError) -> any Sendable

    package init(_ kind: ValueKind, shown: @escaping @Sendable (Value) -> String, reading: @escaping @Sendable (ValueInput) throws(ValueError) -> Value) {
        self.kind = kind
        self.shown = { value in (value as? Value).map(shown) ?? "" }
        self.reading = { input throws(ValueError) in try reading(input) }
    }

    private init(_ kind: ValueKind, shown: @escaping @Sendable (any Sendable) -> String, reading: @escaping @Sendable (ValueInput) throws(ValueError) -> any Sendable) {
        self.kind = kind
        self.shown = shown
        self.reading = reading
    }

    /// Reads `bytes`: a `Value`. `label` (an option, a variable, a config key) starts the
    /// message of a refusal; `today` anchors relative dates.
    package func read(_ bytes: [UInt8], label: String?, today: CivilDate) throws(ValueError) -> any Sendable {
        try reading(ValueInput(bytes: bytes, prefix: label.map { $0 + ": " } ?? "", today: today))
    }

    /// The same reader for a setting that may have no value (`db` until one is given). (A value
    /// read casts to `Value?` as it is; nil shows as nothing.)
    package var optional: ValueReader<Value?> {
        ValueReader<Value?>(kind, shown: shown, reading: reading)
    }
}

/// One value being read: its bytes, the start of a refusal's message, and today.
package struct ValueInput {
    package let bytes: [UInt8]
    package let prefix: String
    package let today: CivilDate

    /// The bytes as text; a refusal when they are not UTF-8 (loans never replaces a byte).
    package func text() throws(ValueError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ValueError(prefix + "the value is not valid UTF-8 (loans keeps every byte of a text or refuses it)")
        }
        return text
    }

    /// A whole number in `range`: digits only, at most nine of them (so no overflow and no sign
    /// or spaces).
    package func number(_ range: ClosedRange<Int>, unit: String) throws(ValueError) -> Int {
        let text = try text()
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let number = Int(text), range.contains(number)
        else {
            throw ValueError(prefix + "\(Quoted(text)) is not a number of \(unit) from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

extension ValueReader where Value == String {
    /// Free text.
    package static var text: Self { utf8(.text) }
    /// A person or library, completed from the names already used.
    package static var name: Self { utf8(.name) }
    /// A program to run; the words after it are its own.
    package static var program: Self { utf8(.program) }
    /// The name of a loans command.
    package static var command: Self { utf8(.command) }

    private static func utf8(_ kind: ValueKind) -> Self {
        Self(kind, shown: { $0 }) { input throws(ValueError) in try input.text() }
    }
}

extension ValueReader where Value == ReminderRecipient {
    /// A person whom reminders go to, by name (`ReminderRecipient.person(named:)`).
    package static var recipient: Self {
        Self(.text, shown: { $0.description }) { input throws(ValueError) in
            let text = try input.text()
            guard let person = ReminderRecipient.person(named: text) else {
                throw ValueError(
                    input.prefix + "\(Quoted(text)) is not a person's name: 1 to \(ReminderRecipient.nameLimit) characters, no control characters, no space at either end, not beginning with \(ReminderRecipient.addressMark)"
                )
            }
            return person
        }
    }
}

extension ValueReader where Value == EmailAddress {
    /// An e-mail address, `local@domain` (`EmailAddress` says exactly what is accepted); a refusal
    /// shows the value quoted, its controls escaped.
    package static var email: Self {
        Self(.text, shown: { $0.text }) { input throws(ValueError) in
            let text = try input.text()
            do throws(EmailAddressError) {
                return try EmailAddress(parsing: text)
            } catch {
                throw ValueError(input.prefix + "\(Quoted(text)) is not an e-mail address: \(error)")
            }
        }
    }
}

extension ValueReader where Value == SystemPath {
    /// A file path, its bytes kept as given.
    package static var path: Self {
        Self(.path, shown: { $0.description }) { input throws(ValueError) in try input.path() }
    }
}

extension ValueInput {
    /// The bytes as a file path, kept as given; a refusal when they are empty or hold a NUL.
    package func path() throws(ValueError) -> SystemPath {
        guard let path = SystemPath(bytes: bytes) else {
            throw ValueError(prefix + (bytes.isEmpty ? "an empty path names no file" : "a path cannot hold a NUL byte"))
        }
        return path
    }
}

extension ValueReader where Value == CivilDate {
    /// A date in `forms`, relative ones counted from today.
    package static func date(_ forms: DateForms) -> Self {
        Self(.date(forms), shown: { $0.iso }) { input throws(ValueError) in
            let text = try input.text()
            do throws(DateInputError) {
                return try DateInput.parse(text, today: input.today, accepting: forms)
            } catch {
                throw ValueError(input.prefix + error.description)
            }
        }
    }
}

extension ValueReader where Value == DateOffset {
    /// `+N[dwmy]`, in days when the unit is left out.
    package static var offset: Self {
        Self(.offset, shown: { "+\($0.count)\($0.unit.letter)" }) { input throws(ValueError) in
            let text = try input.text()
            guard let offset = DateOffset(parsing: text, defaultUnit: .days) else {
                throw ValueError(input.prefix + "\(Quoted(text)) is not an offset (use +N, +Nd, +Nw, +Nm or +Ny)")
            }
            return offset
        }
    }
}

extension ValueReader where Value == Int {
    /// A whole number in `range`; `unit` names what is counted.
    package static func number(_ range: ClosedRange<Int>, unit: String) -> Self {
        Self(.number(range, unit: unit), shown: { String($0) }) { input throws(ValueError) in try input.number(range, unit: unit) }
    }
}

extension ValueReader where Value == DueWindow {
    /// The "due soon" window: a number of days from 0 to `DueWindow.maximumDays`.
    package static var window: Self {
        let range = 0...DueWindow.maximumDays
        return Self(.number(range, unit: "days"), shown: { String($0.days) }) { input throws(ValueError) in
            let days = try input.number(range, unit: "days")
            guard let window = DueWindow(days: days) else { throw ValueError(input.prefix + "\(days) days is not a window") }
            return window
        }
    }
}

extension ValueReader where Value == [Int] {
    /// Days before a due date, like `3,1,0`: each once, the furthest first (the empty text: none).
    package static var days: Self {
        Self(.days, shown: ValueReader.commaSeparated) { input throws(ValueError) in
            let text = try input.text()
            guard text.utf8.count <= 1000, let days = ReminderSchedule.days(parsing: text) else {
                throw ValueError(
                    input.prefix + "\(Quoted(text)) is not a list of days like 3,1,0 (whole numbers from 0 to \(ReminderSchedule.maximumDays))"
                )
            }
            return Array(Set(days)).sorted(by: >)
        }
    }

    /// `3,1,0`, written out by hand: the generic `map(String.init).joined` costs a status bar's run
    /// more than the rest of its settings together.
    @Sendable private static func commaSeparated(_ days: [Int]) -> String {
        var text = ""
        for day in days {
            if !text.isEmpty { text += "," }
            text += String(day)
        }
        return text
    }
}

extension ValueReader where Value == LoanID {
    /// A loan id: a positive whole number (a leading # is fine); the shells offer open loans.
    package static var id: Self { id(completing: .open) }

    /// The id of a returned loan: read as any id, the shells offer the loans returned last.
    package static var returnedID: Self { id(completing: .returned) }

    private static func id(completing loans: LoanIDs) -> Self {
        Self(.id(loans), shown: { String($0.rawValue) }) { input throws(ValueError) in
            let text = try input.text()
            guard let id = LoanID(parsing: text) else {
                throw ValueError(input.prefix + "\(Quoted(text)) is not a loan id (a positive whole number)")
            }
            return id
        }
    }
}

extension ValueReader where Value: CaseIterable & RawRepresentable & Equatable, Value.RawValue == String {
    /// One of the cases, by its raw value; `noun` says what they are ("format").
    package static func choice(noun: String) -> Self {
        let values = Array(Value.allCases)
        return choice(words: values.map { $0.rawValue }, values: values, noun: noun)
    }
}

extension ValueReader where Value: Equatable {
    /// One of `choices`, by its word; `noun` says what they are ("query").
    package static func choice(_ choices: [(word: String, value: Value)], noun: String) -> Self {
        choice(words: choices.map(\.word), values: choices.map(\.value), noun: noun)
    }

    /// `values[i]` is written `words[i]` (two arrays, not one of pairs: an array of tuples of a
    /// generic type costs a status bar's run its type's making).
    private static func choice(words: [String], values: [Value], noun: String) -> Self {
        let shown: @Sendable (Value) -> String = { value in values.firstIndex(of: value).map { words[$0] } ?? "" }
        return Self(.choice(words, noun: noun), shown: shown) { input throws(ValueError) in
            let text = try input.text()
            // Compared one by one, as a program finds its commands: no string table built for a lookup.
            guard let index = words.firstIndex(of: text) else {
                let hint = Suggestion.nearest(to: text, among: words).map { "; did you mean \(Quoted($0))?" } ?? ""
                throw ValueError(input.prefix + "\(Quoted(text)) is not a \(noun) (use \(words.joined(separator: ", ")))\(hint)")
            }
            return values[index]
        }
    }
}
