/// A form the front would not take, with what the person typed (to show the form again with it)
/// and one message per field that is wrong — the words the command line uses for the same slip.
package struct FormRefusal: Error, Equatable, Sendable {
    /// The form's fields as sent, by name (the first of each name).
    package let input: [String: String]
    /// The field each message belongs to (nil: the form as a whole), in the form's order.
    package var problems: [(field: String?, message: String)]

    package init(input: [String: String], problems: [(field: String?, message: String)] = []) {
        self.input = input
        self.problems = problems
    }

    /// The message about `field`, if any.
    package func message(for field: String) -> String? {
        problems.first { $0.field == field }?.message
    }

    package static func == (lhs: FormRefusal, rhs: FormRefusal) -> Bool {
        lhs.input == rhs.input && lhs.problems.map(\.field) == rhs.problems.map(\.field)
            && lhs.problems.map(\.message) == rhs.problems.map(\.message)
    }
}

/// A form's fields by name, read once: the first value of each name (a second one is ignored,
/// as a browser sends one per field), and how long a value may be before it is refused unread.
struct FormValues {
    let values: [String: String]

    init(_ fields: [WebField]) {
        var values: [String: String] = [:]
        for field in fields where values[field.name] == nil { values[field.name] = field.value }
        self.values = values
    }

    subscript(_ name: String) -> String? { values[name] }

    /// The value, or nil when the field is absent or holds only spaces.
    func given(_ name: String) -> String? {
        guard let value = values[name], value.contains(where: { !$0.isWhitespace }) else { return nil }
        return value
    }
}
