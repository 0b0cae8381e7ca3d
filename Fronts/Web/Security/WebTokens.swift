import Glibc

/// The secrets the web front hands out: 256 random bits from the kernel (getrandom), written as
/// 64 hex digits — a session's cookie and a one-time link's token. The store keeps only their
/// SHA-256 (`hash`); the CSRF token of a session is derived from the session's token, so every
/// server on the store knows it without keeping it, and no one without the cookie can make it.
package enum WebTokens {
    /// 32 bytes of the kernel's randomness as hex (getentropy: the C library's call of getrandom,
    /// which blocks only until the kernel's pool was first seeded); nil only when the kernel
    /// refuses, which the caller answers with a failure rather than a weak token.
    package static func random() -> String? {
        var bytes = [UInt8](repeating: 0, count: 32)
        guard bytes.withUnsafeMutableBytes({ getentropy($0.baseAddress, $0.count) }) == 0 else { return nil }
        return Hex.encode(bytes)
    }

    /// Whether `text` has the shape of a token this front made (64 lowercase hex digits): anything
    /// else is not looked up at all.
    package static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// What the store keeps of a token.
    package static func hash(_ token: String) -> String {
        SHA256.hex(Array(token.utf8))
    }

    /// The CSRF token of the session whose cookie holds `token`: the hidden `csrf` field of
    /// every form that session's pages show.
    package static func csrf(forSession token: String) -> String {
        SHA256.hex(Array("loans csrf\u{0}".utf8) + Array(token.utf8))
    }

    /// Compares two texts in a time that does not depend on where they first differ.
    package static func same(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
