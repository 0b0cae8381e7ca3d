/// Text from data made safe for a terminal or a bar: control characters (C0 including newline,
/// tab and ESC, DEL, C1) and bidirectional overrides become spaces, so data can neither move the
/// cursor, recolour, retitle the terminal nor reorder what is shown around it.
public enum SafeText {
    public static func sanitized(_ text: some StringProtocol) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: isUnsafe) else { return String(text) }
        var out = String.UnicodeScalarView()
        for scalar in scalars {
            out.append(isUnsafe(scalar) ? " " : scalar)
        }
        return String(out)
    }

    /// C0 controls, DEL, C1 controls and the bidi embedding, override and isolate marks.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
