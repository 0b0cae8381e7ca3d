/// The usage lines made from declarations: `loans add TITLE (--to NAME | --from NAME) --due DATE …`.
extension CommandDeclaration {
    /// The command's usage line: positionals, then options in the order declared; options that
    /// go together are shown together, `(a | b)` when one is needed, `[a | b]` when optional.
    package var synopsis: String {
        var parts = [program, name]
        for positional in positionals {
            parts.append(positional.synopsis)
        }
        var shown = Set<String>()
        for option in options where !shown.contains(option.name) {
            if let group = group(of: option) {
                let alternatives = group.options.map(\.usage).joined(separator: " | ")
                parts.append(group.required ? "(\(alternatives))" : "[\(alternatives)]")
                shown.formUnion(group.options.map(\.name))
            } else {
                parts.append(rules.contains { $0.requires(option) } ? option.usage : "[\(option.usage)]")
                shown.insert(option.name)
            }
        }
        return parts.joined(separator: " ")
    }

    /// The exclusive group an option belongs to, if any.
    package func group(of option: OptionDeclaration) -> (options: [OptionDeclaration], required: Bool)? {
        OptionRule.group(of: option, in: rules)
    }
}

extension PositionalDeclaration {
    /// `ID`, `[COMMAND]`, `bash|zsh|fish`, `[agenda | overdue | due-soon | all]`.
    package var synopsis: String {
        let choices = kind.choices
        if choices.isEmpty { return optional ? "[\(name)]" : name }
        return optional ? "[" + choices.joined(separator: " | ") + "]" : choices.joined(separator: "|")
    }
}
