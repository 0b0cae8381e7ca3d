import LoansWeb
import Testing

/// One escaper per place text lands: what a title holds can end neither an element nor an
/// attribute nor a piece of a URL, and control characters never reach the page.
@Suite struct HTMLWriterTests {
    static let hostile = [
        "\"><script>window.pwned=1</script>", "'><img src=x onerror=alert(1)>", "javascript:alert(1)",
        "\u{202E}txt.exe\u{202C}", "a & b < c > d", "</textarea><script>1</script>", "\u{1B}[31mred\u{7F}\u{85}",
    ]

    func text(_ value: String) -> String {
        var html = HTMLWriter()
        html.text(value)
        return String(decoding: html.bytes, as: UTF8.self)
    }

    func attribute(_ value: String) -> String {
        var html = HTMLWriter()
        html.attribute(value)
        return String(decoding: html.bytes, as: UTF8.self)
    }

    @Test func elementTextHasNoMarkup() {
        #expect(text("\"><script>x</script>") == "\"&gt;&lt;script&gt;x&lt;/script&gt;")
        #expect(text("a & b") == "a &amp; b")
        for value in HTMLWriterTests.hostile {
            #expect(!text(value).contains("<") && !text(value).contains(">"), "\(value)")
        }
    }

    @Test func attributeValuesCannotEndTheirQuotes() {
        #expect(attribute("\" onfocus=\"x") == "&quot; onfocus=&quot;x")
        #expect(attribute("'") == "&#39;")
        for value in HTMLWriterTests.hostile {
            let escaped = attribute(value)
            #expect(!escaped.contains("\"") && !escaped.contains("'") && !escaped.contains("<"), "\(value)")
        }
    }

    @Test func urlPartsArePercentEncoded() {
        #expect(PercentEncoding.encoded("javascript:alert(1)") == "javascript%3Aalert%281%29")
        #expect(PercentEncoding.encoded("a b/c?d&e=f#g") == "a%20b%2Fc%3Fd%26e%3Df%23g")
        #expect(PercentEncoding.encoded("Gödel-1.2_~") == "G%C3%B6del-1.2_~")
    }

    /// Strictly for what the front encoded itself (a flash cookie), leniently for judging a path.
    @Test func percentEscapesAreReadBack() {
        #expect(PercentEncoding.decoded("G%C3%b6del%20x") == Array("Gödel x".utf8))
        #expect(PercentEncoding.decoded("100%") == nil && PercentEncoding.decoded("%4") == nil && PercentEncoding.decoded("%zz") == nil)
        #expect(PercentEncoding.decodedOnce("100%-%zz-%2541") == "100%-%zz-%41")
        #expect(PercentEncoding.decodedOnce("%FF%41") == "\u{FFFD}A")
    }

    /// C0 controls (but tab and line feed), DEL and C1 controls become U+FFFD; the rest of the
    /// text, right-to-left marks included, stays as it is (inside `bdi`, where views put data).
    @Test func controlCharactersBecomeReplacementCharacters() {
        #expect(text("a\u{1B}b\u{7F}c\u{85}d\u{9F}e") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e")
        #expect(text("line\nnext\ttab") == "line\nnext\ttab")
        #expect(text("\u{202E}abc") == "\u{202E}abc")
        #expect(text("Ünïcødé ✓ \u{A0}") == "Ünïcødé ✓ \u{A0}")
    }
}
