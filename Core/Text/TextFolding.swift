/// The one case folding loans compares text by (`list --search`, and the fronts and stores that
/// search), so that every engine agrees on what matches: Unicode lower-case mapping of every
/// character, plus the folds where lower case alone would leave two spellings of one letter
/// apart (ß and ẞ fold to "ss", final ς to σ).
public enum TextFolding {
    /// `text` folded: compare two folded copies to compare without regard to case.
    public static func folded(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{DF}", "\u{1E9E}": out += "ss"
            case "\u{3C2}": out.unicodeScalars.append("\u{3C3}")
            default:
                if scalar.isASCII {
                    let value = scalar.value
                    out.unicodeScalars.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value) | 0x20) : scalar)
                } else {
                    out += scalar.properties.lowercaseMapping
                }
            }
        }
        return out
    }

    /// Whether `haystack` contains `needle` once both are folded (the empty needle is in every text).
    public static func contains(_ haystack: String, _ foldedNeedle: String) -> Bool {
        foldedNeedle.isEmpty || folded(haystack).contains(foldedNeedle)
    }
}
