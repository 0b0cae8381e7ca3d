import LoansArguments
import LoansCore

/// A command's words read by their declarations: every value checked (dates against the
/// request's today) and typed by its option, so a command's `init` only combines values and
/// applies the rules of loans: `input[Self.maxWidth]` is an `Int?`, `input[Self.watch]` a
/// `Bool`, `input[LoanOptions.id]` a `LoanID?`, and `input.settings[SettingKey.widgetFormat]`
/// the setting in force, this command's own option included.
struct CommandInput {
    let declaration: CommandDeclaration
    /// The settings, with those this command's options override (`widget --format`).
    let settings: Settings
    /// The day relative dates are counted from.
    let today: CivilDate
    private let values: OptionValues
    private let positionals: ByName<any Sendable>
    private let programWords: [Word]

    init(_ words: ArgumentWords, declaration: CommandDeclaration, settings: Settings, today: CivilDate) throws(CLIError) {
        self.declaration = declaration
        self.today = today
        func refusal(_ message: String) -> CLIError { .usage(message, declaration.synopsis) }
        values = try OptionValues(words.options, declaration.options, today: today, refusal: refusal)
        var positionals = ByName<any Sendable>()
        for (word, positional) in zip(words.positionals, declaration.positionals) {
            let named = positional.kind.isLoanID || !positional.kind.choices.isEmpty
            do {
                positionals[positional.name] = try positional.read(word.bytes, named ? nil : positional.name, today)
            } catch {
                throw refusal(error.message)
            }
        }
        self.positionals = positionals
        self.settings = try settings.overridden(by: values, of: declaration)
        programWords = words.programArguments
    }

    /// The value given for `option`, if any.
    subscript<Value>(_ option: Option<Value>) -> Value? {
        values[option]
    }

    /// Whether `flag` was given.
    subscript(_ flag: Flag) -> Bool {
        values[flag]
    }

    /// The positional argument, if given.
    subscript<Value>(_ positional: Positional<Value>) -> Value? {
        guard let value = positionals[positional.declaration.name] else { return nil }
        return value as? Value
    }

    /// The words after a program option's program, each UTF-8 text (a word that is not is refused,
    /// naming the option, rather than passed on changed).
    func programArguments() throws(CLIError) -> [String] {
        let option = declaration.options.first { $0.kind == .program }?.name ?? "the program"
        var arguments: [String] = []
        for word in programWords {
            guard let text = word.text else { throw refusal("\(option): an argument is not valid UTF-8 (loans keeps every byte of a text or refuses it)") }
            arguments.append(text)
        }
        return arguments
    }

    /// A refusal of this command's words: exit 64 with the usage line.
    func refusal(_ message: String) -> CLIError {
        .usage(message, declaration.synopsis)
    }

    /// Runs a rule of loans on a value, reporting its violation as a refusal that names `label`
    /// (when the violation's own words do not name the values already).
    func checked<T>(_ label: String?, _ rule: () throws -> T) throws(CLIError) -> T {
        do {
            return try rule()
        } catch {
            throw refusal((label.map { $0 + ": " } ?? "") + "\(error)")
        }
    }
}
