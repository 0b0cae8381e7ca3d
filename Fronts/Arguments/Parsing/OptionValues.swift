import LoansCore

/// The values given for options, each read by its declaration (so checked) and typed on the way
/// out: `values[Self.maxWidth]` is the `Int` its `Option<Int>` read, `values[Self.watch]` a
/// `Bool`. An option not given reads as nil (a flag as false).
package struct OptionValues {
    /// The names given and their values, side by side (two arrays rather than one of pairs: an
    /// array of tuples holding `any Sendable` is a type made at run time).
    private var names: [String] = []
    private var values: [any Sendable] = []

    /// Reads the word given for each of `options`, in that order (the first bad value is the one
    /// reported); `refusal` words a value's refusal as the caller reports it.
    package init<Failure: Error>(
        _ words: ByName<Word>, _ options: [OptionDeclaration], today: CivilDate, refusal: (String) -> Failure
    ) throws(Failure) {
        for option in options {
            guard let word = words[option.name] else { continue }
            names.append(option.name)
            guard let read = option.read else {
                values.append(true)
                continue
            }
            do {
                values.append(try read(word.bytes, option.name, today))
            } catch {
                throw refusal(error.message)
            }
        }
    }

    /// The value given for `option`, if any.
    package subscript<Value>(_ option: Option<Value>) -> Value? {
        // Unwrapped before the cast: nil cast to an optional `Value` would read as a value given.
        guard let value = value(of: option.declaration) else { return nil }
        return value as? Value
    }

    /// Whether `flag` was given.
    package subscript(_ flag: Flag) -> Bool {
        names.contains(flag.name)
    }

    /// The value given for `option` whatever its type, for the setting that reads it back as
    /// its own (the option was made with the setting's reader).
    package func value(of option: OptionDeclaration) -> (any Sendable)? {
        names.firstIndex(of: option.name).map { values[$0] }
    }
}
