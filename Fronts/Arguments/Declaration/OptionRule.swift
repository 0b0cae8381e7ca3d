/// How options go together — a command's, or the global ones — checked before the values are
/// used.
package struct OptionRule: Equatable, Sendable {
    package enum Shape: Equatable, Sendable {
        /// The one option must be given.
        case required
        /// At most one of the options; when `required`, exactly one.
        case oneOf(required: Bool)
        /// At least one of the options (`edit` must change something).
        case anyOf
    }

    package let shape: Shape
    package let options: [OptionDeclaration]
    /// Words the refusal when none is given (else a message made from the names).
    package let missing: String?

    /// The option must be given.
    package static func required<Value>(_ option: Option<Value>) -> OptionRule {
        OptionRule(shape: .required, options: [option.declaration], missing: nil)
    }

    /// At most one of the options (an `OptionList`); when `required`, exactly one. `missing`
    /// words the refusal when none is given.
    package static func oneOf(required: Bool, missing: String? = nil, @OptionList _ options: () -> [OptionDeclaration]) -> OptionRule {
        OptionRule(shape: .oneOf(required: required), options: options(), missing: missing)
    }

    /// At least one of the options; `missing` words the refusal.
    package static func anyOf(_ options: [OptionDeclaration], missing: String) -> OptionRule {
        OptionRule(shape: .anyOf, options: options, missing: missing)
    }

    /// Whether this rule says `option` must be given.
    package func requires(_ option: OptionDeclaration) -> Bool {
        shape == .required && options == [option]
    }

    /// The exclusive group of `rules` that `option` belongs to, if any.
    package static func group(of option: OptionDeclaration, in rules: [OptionRule]) -> (options: [OptionDeclaration], required: Bool)? {
        for rule in rules {
            if case .oneOf(let required) = rule.shape, rule.options.contains(option) { return (rule.options, required) }
        }
        return nil
    }

    /// The first rule of `rules` the options given break, worded; nil when all hold. `who`
    /// names what needs the options in the refusal (`'add'`, or the program for the global ones).
    package static func violation(of rules: [OptionRule], given: (OptionDeclaration) -> Bool, who: String) -> String? {
        for rule in rules {
            let given = rule.options.filter(given)
            switch rule.shape {
            case .required:
                if given.isEmpty, let option = rule.options.first { return "\(who) needs \(option.usage)" }
            case .oneOf(let required):
                if given.count > 1 { return "give only one of \(ArgumentWords.list(rule.options.map(\.name)))" }
                if required, given.isEmpty {
                    return rule.missing ?? "\(who) needs exactly one of \(ArgumentWords.list(rule.options.map(\.usage)))"
                }
            case .anyOf:
                if given.isEmpty { return rule.missing ?? "\(who) needs one of \(ArgumentWords.list(rule.options.map(\.usage), or: true))" }
            }
        }
        return nil
    }
}
