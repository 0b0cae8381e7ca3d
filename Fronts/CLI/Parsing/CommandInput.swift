import LoansCore

/// A command's words read by their declared kinds: every value checked (dates against the
/// request's today), so a command's `init` only combines values and applies the rules of loans.
struct CommandInput {
    let declaration: CommandDeclaration
    let settings: Settings
    /// The day relative dates are counted from.
    let today: CivilDate
    private let values: ByName<Value>
    private let positionals: [Value]
    private let programWords: [Word]

    init(_ words: ArgumentWords, declaration: CommandDeclaration, settings: Settings, today: CivilDate) throws(CLIError) {
        self.declaration = declaration
        self.settings = settings
        self.today = today
        func read(_ kind: ValueKind, _ word: Word, label: String?) throws(CLIError) -> Value {
            do {
                return try kind.read(word.bytes, label: label, today: today)
            } catch {
                throw .usage(error.message, declaration.synopsis)
            }
        }
        var values = ByName<Value>()
        for option in declaration.options {
            if let word = words.options[option.name] { values[option.name] = try read(option.kind, word, label: option.name) }
        }
        var positionals: [Value] = []
        for (word, positional) in zip(words.positionals, declaration.positionals) {
            let named = positional.kind == .id || !positional.kind.choices.isEmpty
            positionals.append(try read(positional.kind, word, label: named ? nil : positional.name))
        }
        self.values = values
        self.positionals = positionals
        programWords = words.programArguments
    }

    /// The value given for `option`, if any.
    subscript(_ option: OptionDeclaration) -> Value? {
        values[option.name]
    }

    /// Whether the flag `option` was given.
    func flag(_ option: OptionDeclaration) -> Bool {
        values[option.name] != nil
    }

    /// The positional argument at `index`, if given.
    func positional(_ index: Int) -> Value? {
        positionals.indices.contains(index) ? positionals[index] : nil
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
