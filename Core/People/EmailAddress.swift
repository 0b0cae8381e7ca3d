/// An e-mail address of the plain shape `local@domain`, checked once where it comes in (the
/// command line, a document) and kept exactly as given. What is accepted:
///
/// - at most 254 bytes (UTF-8) in all, with exactly one `@`;
/// - the local part: 1 to 64 bytes of letters and digits (of any script, with their combining
///   marks), `.` and ``! # $ % & ' * + - / = ? ^ _ ` { | } ~``, neither beginning nor ending with
///   `.`, without `..`, and not beginning with `-`;
/// - the domain: labels joined by `.` (so 1 to 252 bytes, the whole being at most 254), each
///   label 1 to 63 bytes of letters and digits (of any script, with their combining marks) and
///   `-`, neither beginning nor ending with `-` (`localhost` is a domain; a trailing `.` and
///   `[192.0.2.1]` are not).
///
/// So an address never holds a space, a control character, a bidi mark, a quote, `<`, `>`, `,`,
/// `;`, `:` or a backslash: nothing that could end it, add a recipient or change a line where a
/// program or a message header meets it. Quoted local parts and address literals, which RFC 5322
/// allows and hardly anyone uses, are refused.
package struct EmailAddress: Hashable, Sendable {
    /// The address as given.
    package let text: String

    package static let byteLimit = 254
    package static let localLimit = 64
    package static let labelLimit = 63

    /// Checks `text`; the error says what is wrong with it.
    package init(parsing text: String) throws(EmailAddressError) {
        let bytes = text.utf8
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= EmailAddress.byteLimit else { throw .tooLong }
        if let bad = text.unicodeScalars.first(where: { !EmailAddress.allowedAnywhere($0) }) { throw .character(bad) }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw parts.count < 2 ? .noAt : .severalAts }
        try EmailAddress.checkLocal(parts[0])
        try EmailAddress.checkDomain(parts[1])
        self.text = text
    }

    /// Whether a scalar may stand anywhere in an address: what either part may hold, and `@`.
    private static func allowedAnywhere(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "@" || isWordScalar(scalar) || localSymbols.contains(scalar) || scalar == "." || scalar == "-"
    }

    /// ``! # $ % & ' * + - / = ? ^ _ ` { | } ~``: the symbols RFC 5322 allows in a local part.
    private static let localSymbols: Set<Unicode.Scalar> = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)

    /// A letter, a digit, or a combining mark, in any script (ASCII letters and digits included).
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    private static func checkLocal(_ local: Substring) throws(EmailAddressError) {
        guard !local.isEmpty else { throw .emptyLocal }
        guard local.utf8.count <= localLimit else { throw .localTooLong }
        if let bad = local.unicodeScalars.first(where: { !(isWordScalar($0) || localSymbols.contains($0) || $0 == ".") }) {
            throw .character(bad)
        }
        guard local.first != ".", local.last != ".", !local.contains("..") else { throw .localDots }
        guard local.first != "-" else { throw .leadingHyphen }
    }

    private static func checkDomain(_ domain: Substring) throws(EmailAddressError) {
        guard !domain.isEmpty else { throw .emptyDomain }
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty else { throw .domainDots }
            guard label.utf8.count <= labelLimit else { throw .labelTooLong }
            if let bad = label.unicodeScalars.first(where: { !(isWordScalar($0) || $0 == "-") }) { throw .character(bad) }
            guard label.first != "-", label.last != "-" else { throw .labelHyphen }
        }
    }
}

/// Why a text is not an e-mail address, in words that never repeat the text itself (a refused
/// character is named by its code point).
package enum EmailAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty, tooLong, noAt, severalAts
    case character(Unicode.Scalar)
    case emptyLocal, localTooLong, localDots, leadingHyphen
    case emptyDomain, domainDots, labelTooLong, labelHyphen

    package var description: String {
        switch self {
        case .empty: "it is empty"
        case .tooLong: "it is longer than \(EmailAddress.byteLimit) bytes"
        case .noAt: "it has no \"@\" (the shape is local@domain)"
        case .severalAts: "it has more than one \"@\""
        case .character(let scalar): "it holds \(EmailAddressError.name(scalar)), which an address may not hold"
        case .emptyLocal: "nothing comes before the \"@\""
        case .localTooLong: "the part before the \"@\" is longer than \(EmailAddress.localLimit) bytes"
        case .localDots: "the part before the \"@\" begins or ends with \".\" or holds \"..\""
        case .leadingHyphen: "it begins with \"-\""
        case .emptyDomain: "nothing comes after the \"@\""
        case .domainDots: "the domain begins or ends with \".\" or holds \"..\""
        case .labelTooLong: "a part of the domain is longer than \(EmailAddress.labelLimit) bytes"
        case .labelHyphen: "a part of the domain begins or ends with \"-\""
        }
    }

    /// `a space`, `"<"`, or `U+202E` for anything else that is not plainly visible.
    private static func name(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        if (0x21...0x7E).contains(scalar.value), scalar != "\"", scalar != "\\" { return "\"\(scalar)\"" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
