import Foundation

/// What each bar would display for a line loans printed, read back the way the bar reads it
/// (a model of each bar's documented parsing), so tests can compare it with the visible text.
/// Everything works on Unicode scalars, as the bars do on bytes: a `{` or `]` followed by a
/// combining mark is one Swift `Character` but still the byte a bar looks for.
package enum BarReading {
    package typealias Scalars = [Unicode.Scalar]

    package static func scalars(_ text: String) -> Scalars { Array(text.unicodeScalars) }

    package static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    package static func hasPrefix(_ text: Scalars, _ prefix: String) -> Bool {
        text.starts(with: prefix.unicodeScalars)
    }

    package static func hasSuffix(_ text: Scalars, _ suffix: String) -> Bool {
        text.reversed().starts(with: suffix.unicodeScalars.reversed())
    }

    /// tmux 3.3's expansion of `#()` output, as far as `#` goes: a run of k `#` before `[`
    /// shows k/2, any other run k/4; loans' own `#[…]` tags are removed first. Nil when the
    /// line holds a `#` run tmux would read as markup.
    package static func tmux(_ line: String) -> String? {
        var body = scalars(line)
        let tag = ["#[fg=red]", "#[fg=yellow]"].first { hasPrefix(body, $0) }
        if let tag {
            guard hasSuffix(body, "#[default]") else { return nil }
            body.removeFirst(tag.unicodeScalars.count)
            body.removeLast("#[default]".unicodeScalars.count)
        }
        let taggedEnd = tag != nil
        var out: Scalars = []
        var index = 0
        while index < body.count {
            guard body[index] == "#" else {
                out.append(body[index])
                index += 1
                continue
            }
            var run = 0
            while index < body.count, body[index] == "#" {
                run += 1
                index += 1
            }
            let divisor = (index < body.count ? body[index] == "[" : taggedEnd) ? 2 : 4
            guard run % divisor == 0 else { return nil }
            out += Array(repeating: "#", count: run / divisor)
        }
        return string(out)
    }

    /// Pango markup to text: nil on a raw `<` or `>` or an `&` that starts no entity.
    package static func pango(_ markup: String) -> String? {
        let text = scalars(markup)
        guard !text.contains("<"), !text.contains(">") else { return nil }
        let entities: [(String, Unicode.Scalar)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&apos;", "'"), ("&quot;", "\"")]
        var out: Scalars = []
        var index = 0
        while index < text.count {
            guard text[index] == "&" else {
                out.append(text[index])
                index += 1
                continue
            }
            let rest = Array(text[index...])
            guard let (entity, scalar) = entities.first(where: { hasPrefix(rest, $0.0) }) else { return nil }
            out.append(scalar)
            index += entity.unicodeScalars.count
        }
        return string(out)
    }

    /// What polybar shows for a line: the text outside its `%{…}` tags, which it reads wherever
    /// `%{` occurs. Nil when the line holds a tag other than loans' own (the colour around the
    /// line and the empty offset `%{O0}` that breaks a data `%{`): data formed a tag or an action.
    package static func polybar(_ line: String) -> String? {
        var body = scalars(line)
        if hasPrefix(body, "%{F#"), let close = body.firstIndex(of: "}") { body.removeFirst(close + 1) }
        if hasSuffix(body, "%{F-}") { body.removeLast(5) }
        var shown: Scalars = []
        var index = 0
        while index < body.count {
            guard body[index] == "%", index + 1 < body.count, body[index + 1] == "{" else {
                shown.append(body[index])
                index += 1
                continue
            }
            guard let close = body[index...].firstIndex(of: "}"), string(body[index...close]) == "%{O0}" else { return nil }
            index = close + 1
        }
        return string(shown)
    }

    /// A JSON line as an object; nil when it does not parse.
    package static func json(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [])) as? [String: Any]
    }

    /// True when any C0, DEL or C1 control character is in the text.
    package static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
