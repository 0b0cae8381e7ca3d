/// Markup the front vouches for, as Go's `html/template` has `template.HTML`: what
/// `HTMLWriter.raw(trusted:)` takes. There is no way in from a `String`, so no data from the loans
/// can become one: it is made only from the front's own literals (a `StaticString`), from a
/// number, by joining two of them, or from what an `HTMLWriter` wrote (which escaped every piece
/// of data it was given) — a list kept until the loans change.
package struct TrustedHTML: ExpressibleByStringLiteral, Sendable {
    let bytes: [UInt8]

    /// Markup from the front's own literals.
    package init(stringLiteral markup: StaticString) {
        bytes = markup.withUTF8Buffer { Array($0) }
    }

    /// A number in decimal digits (an id, a count).
    init(_ number: some BinaryInteger) {
        bytes = Array(String(number).utf8)
    }

    private init(written: [UInt8]) {
        bytes = written
    }

    /// Two pieces of trusted markup, one after the other.
    static func + (lhs: TrustedHTML, rhs: TrustedHTML) -> TrustedHTML {
        TrustedHTML(written: lhs.bytes + rhs.bytes)
    }

    /// What a writer wrote, every piece of data in it escaped for where it landed.
    static func written(by html: HTMLWriter) -> TrustedHTML {
        TrustedHTML(written: html.bytes)
    }
}
