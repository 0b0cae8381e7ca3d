/// `help --man`: a program's man page, section 1, in roff (man macros), written from the same
/// description as help and the completions. loans' `ci/install` puts it in `share/man/man1`.
package struct ManPage: Sendable {
    package let program: ProgramDescription

    package init(_ program: ProgramDescription) {
        self.program = program
    }

    package func render(version: String, date: String) -> String {
        let name = program.name
        var out = [
            ".TH \(name.uppercased()) 1 \(date) \"\(name) \(version)\" \"User Commands\"",
            ".SH NAME",
            "\(name) \\- \(ManPage.text(program.tagline))",
            ".SH SYNOPSIS",
            ".B \(name)",
            ".RI [ global\\ options ]",
        ]
        for command in program.commands {
            out += [".br", ".B \(name) \(command.name)"]
            out += ManPage.lines(arguments(command))
        }
        out += [".SH DESCRIPTION"] + ManPage.lines(program.about)
        out += [".SH COMMANDS"]
        for command in program.commands {
            out += [".SS \(command.name)", ".B \(name) \(command.name)"] + ManPage.lines(arguments(command))
            out += [".PP"] + ManPage.lines(command.abstract)
            for paragraph in HelpLayout.paragraphs(command.discussion) { out += [".PP"] + ManPage.lines(paragraph) }
            if !command.aliases.isEmpty { out += [".PP"] + ManPage.lines("Also: " + program.typed(command.aliases) + ".") }
            for positional in command.positionals {
                out += [".TP", ".I " + ManPage.text(positional.name)] + ManPage.lines(HelpLayout.describe(positional))
            }
            for option in command.options {
                out += [".TP", ManPage.item(option)] + ManPage.lines(HelpLayout.describe(option, global: false))
            }
        }
        out += [".SH GLOBAL OPTIONS"] + ManPage.lines("These options may come before or after the command.")
        for option in program.globalOptions {
            out += [".TP", ManPage.item(option)] + ManPage.lines(HelpLayout.describe(option, global: true))
        }
        out += [".SH DATES"] + ManPage.lines(program.dates)
        out += [".SH DATABASE"] + ManPage.lines(program.database)
        out += [".SH CONFIGURATION"] + ManPage.lines(program.configuration)
        for setting in program.settings {
            out += [".TP", ".B " + ManPage.text(setting.key)] + ManPage.lines(HelpLayout.describe(setting) + ".")
        }
        out += [".SH ENVIRONMENT"]
        for (variable, meaning) in program.environment {
            out += [".TP", ".B " + ManPage.text(variable)] + ManPage.lines(meaning)
        }
        out += [".SH EXIT STATUS"]
        for status in program.exitCodes {
            out += [".TP", ".B \(status.code)"] + ManPage.lines(status.meaning)
        }
        out += [".SH FILES"]
        for (path, meaning) in program.files {
            out += [".TP", ".I " + ManPage.text(path)] + meaning.split(separator: "\n").flatMap { ManPage.lines(String($0)) }
        }
        out += [".SH EXAMPLES", ".EX"] + program.examples.map(ManPage.example) + [".EE"]
        return out.joined(separator: "\n") + "\n"
    }

    /// A command's usage after its name.
    private func arguments(_ command: CommandDeclaration) -> String {
        String(command.synopsis.dropFirst("\(program.name) \(command.name)".count))
    }

    /// `plain` as roff text lines of at most 72 bytes, broken between words, one sentence per
    /// line start where a sentence ends (so no line is too long and none starts with a dot).
    private static func lines(_ plain: String) -> [String] {
        var out: [String] = []
        var line = ""
        for word in plain.split(separator: " ").map({ text(String($0)) }) {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 72 {
                out.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
            if line.hasSuffix("."), word.count > 2 {
                out.append(line)
                line = ""
            }
        }
        if !line.isEmpty { out.append(line) }
        return out.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// `.B --due Ar DATE`, in man macros.
    private static func item(_ option: OptionDeclaration) -> String {
        let names = option.spellings.reversed().map(text).joined(separator: ", ")
        return option.valueName.isEmpty ? ".B " + names : ".BI \"\(names) \" \(text(option.valueName))"
    }

    /// A line of an example in roff: as `text`, but a double quote stays one (in a text line it
    /// is plain, as the reader types it).
    private static func example(_ line: String) -> String {
        line.split(separator: "\"", omittingEmptySubsequences: false).map { text(String($0)) }.joined(separator: "\"")
    }

    /// Text made safe for roff: backslashes escaped, hyphens and quotes spelled out, anything
    /// beyond ASCII by its code point, and no line starting with a control character.
    private static func text(_ plain: String) -> String {
        var out = ""
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "'": out += "\\(aq"
            case "\"": out += "\\(dq"
            case "\u{2014}": out += "\\(em"
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out
    }
}
