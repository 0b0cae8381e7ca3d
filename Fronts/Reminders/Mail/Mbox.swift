import LoansCore

/// Messages as an mbox file holds them (the `mboxrd` form), for a dry run to print what would be
/// sent: each starts with a `From SENDER DATE` line, its lines end in LF, a body line that begins
/// with `From ` (after any number of `>`) gets one `>` more, and a blank line ends it. `formail`,
/// `mutt -f` and Python's `mailbox.mbox` read it back.
package enum Mbox {
    package static func entry(sender: String, at instant: UTCTimestamp, message: String) -> String {
        var out = "From \(sender) \(MailDate.asctime(instant))\n"
        let text = message.replacingCRLF
        var inBody = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            if inBody, line.drop(while: { $0 == ">" }).hasPrefix("From ") { out += ">" }
            if line.isEmpty { inBody = true }
            out += line + "\n"
        }
        return out + "\n"
    }
}

extension String {
    /// The text with every CRLF as LF.
    fileprivate var replacingCRLF: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var afterCR = false
        for scalar in unicodeScalars {
            if afterCR, scalar != "\n" { out.unicodeScalars.append("\r") }
            afterCR = scalar == "\r"
            if !afterCR { out.unicodeScalars.append(scalar) }
        }
        if afterCR { out.unicodeScalars.append("\r") }
        return out
    }
}
