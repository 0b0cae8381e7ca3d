/// The one case folding loans compares text with, so that every store and front agrees on what
/// "contains, ignoring case" means: `GÖDEL`, `Gödel` and `gödel` fold alike, `STRASSE` and
/// `Straße` both fold to `strasse`.
///
/// Each Unicode scalar is mapped to lowercase, uppercase, then lowercase again with the
/// standard library's full, context-free case mappings (so `ẞ` → `ß` → `SS` → `ss`, `ς` → `σ`,
/// `ſ` → `s`, `K` (Kelvin) → `k`), and the result is put in Normalization Form C, so a
/// precomposed `ö` and `o` + combining diaeresis fold alike. U+0000, which database engines
/// treat as the end of a text or refuse, folds to U+FFFD. Stores index and search the folded
/// copies; nothing else is ever compared.
package enum TextFolding {
    /// The folded copy of `text`.
    package static func folded(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0 }) {
            return String(decoding: text.utf8.map(foldedASCII), as: UTF8.self)
        }
        var mapped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            fold(scalar, into: &mapped)
        }
        return String(decoding: String(mapped)._nfcCodeUnits, as: UTF8.self)
    }

    private static func foldedASCII(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func fold(_ scalar: Unicode.Scalar, into out: inout String.UnicodeScalarView) {
        if scalar == "\0" {
            out.append("\u{FFFD}")
            return
        }
        if scalar.isASCII {
            out.append(Unicode.Scalar(foldedASCII(UInt8(scalar.value))))
            return
        }
        guard scalar.properties.changesWhenCaseMapped else {
            out.append(scalar)
            return
        }
        for lower in scalar.properties.lowercaseMapping.unicodeScalars {
            for upper in lower.properties.uppercaseMapping.unicodeScalars {
                out.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
            }
        }
    }
}
