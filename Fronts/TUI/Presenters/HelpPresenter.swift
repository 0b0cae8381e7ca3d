import LoansCore
import LoansText

/// Words the help screen from the key map — every group of keys under its heading, each binding's
/// keys and what they do — then the mouse, and the dates a date field takes, as Core's
/// `DateForms` describes them (the parser's own words and units). Nothing here names a key the
/// key map does not bind.
package enum HelpPresenter {
    /// The width of the keys' column: longer key lists take a line of their own.
    static let keyColumn = 24
    /// The width a description wraps at, so a line fits an 80-column screen.
    static let textColumns = 50

    package static let lines: [String] = {
        var lines: [String] = []
        for group in KeyMap.helpGroups {
            lines.append(group.title)
            for binding in group.bindings {
                lines += entry(binding.keys.map(\.name).joined(separator: " "), binding.help)
            }
            lines.append("")
        }
        lines.append("Mouse")
        lines += entry("wheel", "scrolls the list, the detail and the help")
        lines += entry("click", "selects a loan; a second click opens it")
        lines.append("")
        lines.append("Dates")
        for form in DateForms.all.explained {
            lines += entry(form.spelling, form.meaning)
        }
        lines += paragraph(DateForms.letterCase)
        lines += paragraph("In a renewal, +N counts from the current due date (+N alone: days). A new loan's lent date may be left empty: it then means today, or the due date when that is earlier.")
        return lines
    }()

    /// `  keys      what they do`, the description wrapped under its column.
    static func entry(_ keys: String, _ text: String) -> [String] {
        let indent = String(repeating: " ", count: 2 + keyColumn + 2)
        var wrapped = Wrap.lines(text, columns: textColumns)
        let width = DisplayWidth.of(keys)
        var lines: [String] = []
        if width > keyColumn {
            lines.append("  " + keys)
        } else {
            let first = wrapped.isEmpty ? "" : wrapped.removeFirst()
            lines.append(first.isEmpty ? "  " + keys : "  " + keys + String(repeating: " ", count: keyColumn - width + 2) + first)
        }
        return lines + wrapped.map { indent + $0 }
    }

    /// A note under a heading, wrapped.
    static func paragraph(_ text: String) -> [String] {
        Wrap.lines(text, columns: 2 + keyColumn + 2 + textColumns - 2).map { "  " + $0 }
    }
}
