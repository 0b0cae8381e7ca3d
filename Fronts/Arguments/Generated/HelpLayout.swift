/// How help is laid out, whatever the program: options by their spellings, each described with
/// what its kind adds, in two columns wrapped at `width`; paragraphs of a discussion.
package enum HelpLayout {
    package static let width = 100

    /// `-h, --help` / `--due DATE`.
    package static func spellings(_ option: OptionDeclaration) -> String {
        (option.short.map { $0 + ", " } ?? "") + option.usage
    }

    /// An option's help with what its kind adds: the values of a choice, its variable.
    package static func describe(_ option: OptionDeclaration, global: Bool) -> String {
        var text = option.help
        let choices = option.kind.choices
        if !choices.isEmpty { text += ": " + choices.joined(separator: ", ") }
        if case .date(let forms) = option.kind, forms != .all { text += " (\(forms.summary))" }
        if global, let note = option.environmentNote { text += "; " + note }
        return text
    }

    /// A setting's help with its values, its default and its variable (the man page's list).
    package static func describe(_ setting: SettingDeclaration) -> String {
        var text = setting.help
        let choices = setting.kind.choices
        if !choices.isEmpty { text += ": " + choices.joined(separator: ", ") }
        return text + " (default " + setting.shownDefault + (setting.variable.note.map { "; " + $0 } ?? "") + ")"
    }

    /// A positional's help with the values of a choice.
    package static func describe(_ positional: PositionalDeclaration) -> String {
        let choices = positional.kind.choices
        return choices.isEmpty ? positional.help : positional.help + ": " + choices.joined(separator: ", ")
    }

    /// The paragraphs of a discussion (separated by blank lines).
    package static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n\n").map { $0.split(separator: "\n").joined(separator: " ") }.filter { !$0.isEmpty }
    }

    /// Two columns: names, then their help wrapped beside them.
    package static func table(_ rows: [(String, String)]) -> [String] {
        let column = min(24, (rows.map { $0.0.count }.max() ?? 0) + 4)
        var out: [String] = []
        for (name, help) in rows {
            let indent = String(repeating: " ", count: column)
            var lines = wrap(help, indent: indent)
            let head = "  " + name
            if head.count + 2 <= column, let first = lines.first {
                lines[0] = head + String(repeating: " ", count: column - head.count) + first.dropFirst(column)
            } else {
                lines.insert(head, at: 0)
            }
            out += lines
        }
        return out
    }

    /// `text` in lines of at most `width` columns, each starting with `indent`.
    package static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines
    }
}
