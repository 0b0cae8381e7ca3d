import Foundation
import LoansTestSupport

/// Pango markup read by Pango itself (`Pango.parse_markup` through PyGObject: the parser
/// waybar, i3bar and i3status-rust hand their text to), one python3 process per batch.
enum RealPango {
    /// What Pango made of one markup string: the text it would draw and whether any of it
    /// would be styled; or the error Pango refused it with.
    struct Reading: Equatable {
        let text: String?
        let styled: Bool
        let error: String?
    }

    static let script = """
        import json, sys
        import gi
        gi.require_version('Pango', '1.0')
        from gi.repository import Pango
        out = []
        for markup in json.load(sys.stdin):
            try:
                ok, attributes, text, _ = Pango.parse_markup(markup, -1, '\\0')
                out.append({'text': text, 'styled': len(attributes.get_attributes()) > 0, 'error': None})
            except Exception as error:
                out.append({'text': None, 'styled': False, 'error': str(error)})
        print(json.dumps(out, ensure_ascii=True))
        """

    static func read(_ markups: [String]) throws -> [Reading] {
        let input = try JSONSerialization.data(withJSONObject: markups)
        let output = try Tool.run("/usr/bin/python3", ["-c", script], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdin: Array(input))
        let objects = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return objects.map { Reading(text: $0["text"] as? String, styled: $0["styled"] as? Bool ?? false, error: $0["error"] as? String) }
    }
}
