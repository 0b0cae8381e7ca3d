/// One Server-Sent Event as the `text/event-stream` format frames it: an optional event name and
/// id, and data whose every line becomes a `data:` line, then a blank line. A name or id cannot
/// break the framing: line breaks in them become spaces.
package struct ServerSentEvent: Equatable, Sendable {
    package var event: String?
    package var data: String
    package var id: String?

    package init(event: String? = nil, data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }

    /// The event's bytes on the stream.
    package var bytes: [UInt8] {
        var text = ""
        if let event { text += "event: \(ServerSentEvent.oneLine(event))\n" }
        if let id { text += "id: \(ServerSentEvent.oneLine(id))\n" }
        for line in ServerSentEvent.lines(of: data) { text += "data: \(line)\n" }
        return Array((text + "\n").utf8)
    }

    /// A comment line (`: …`), which every client ignores: a way to flush a proxy's buffer.
    package static func comment(_ text: String) -> [UInt8] {
        Array(": \(oneLine(text))\n\n".utf8)
    }

    /// The lines of `text`, broken at LF, CR or CRLF (the three breaks the format knows).
    private static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n", afterCR { continue }
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        return lines + [String(current)]
    }

    private static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\0" ? " " : $0 }))
    }
}
