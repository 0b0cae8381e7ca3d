import Glibc
import LoansText
import Testing

/// The one width table: a grapheme takes the sum of its code points' widths, as tmux and ncurses
/// measure through the C library.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("界", 2), ("日本語", 6), ("👍", 2), ("👍🏽", 4), ("👨‍👩‍👧‍👦", 8), ("👩‍👩‍👧", 6), ("🇫🇷", 2),
        ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("ｈ", 2), ("한국", 4), ("☃", 1),
        ("☃\u{FE0F}", 1), ("❤️", 1), ("…", 1), ("", 0), ("\u{AD}", 1), ("\u{1100}\u{1161}\u{11A8}", 2),
    ])
    func aGraphemeTakesTheSumOfItsCodePoints(_ text: String, _ columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
        #expect(text.reduce(0) { $0 + DisplayWidth.of($1) } == columns)
    }

    /// Every code point the C library knows (a width of 0 or more in a UTF-8 locale) measures the
    /// same in the table, but for U+1171E, a mark the C library's older Unicode data still had as
    /// non-spacing.
    @Test func theTableAgreesWithTheCLibrary() throws {
        // wcwidth is hidden from Swift without _XOPEN_SOURCE; nil is RTLD_DEFAULT.
        let symbol = try #require(dlsym(nil, "wcwidth"), "the C library has no wcwidth")
        let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
        let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "the C.UTF-8 locale is missing")
        let previous = uselocale(utf8)
        defer {
            uselocale(previous)
            freelocale(utf8)
        }
        var disagreements: [String] = []
        for value in UInt32(0x20)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let library = Int(wcwidth(wchar_t(bitPattern: value)))
            guard library >= 0, DisplayWidth.of(scalar) != library, value != 0x1171E else { continue }
            disagreements.append("U+\(String(value, radix: 16, uppercase: true)):\(library)/\(DisplayWidth.of(scalar))")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(60))")
    }
}
