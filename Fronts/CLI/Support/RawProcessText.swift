import Glibc

/// The bytes behind an argument or environment value that reached the command line as text.
/// Swift decodes argv and the environment as UTF-8, replacing invalid bytes with U+FFFD, so
/// `\xff.db` and `\xfe.db` would both arrive as `\u{FFFD}.db`; a path must not. Until the
/// parser reads argv and the environment as bytes, the command line recovers a path's bytes here
/// when — and only when — its text holds U+FFFD: from the one raw word that decodes to it.
enum RawProcessText {
    /// The bytes of `text`, as it was given: an argument word (or its part after `--option=`),
    /// or the value of the environment variable `name`. Text without U+FFFD is its own bytes; two
    /// different raw words that both decode to `text` cannot be told apart, so none is chosen.
    static func bytes(of text: String, variable name: String? = nil) -> [UInt8]? {
        guard text.unicodeScalars.contains("\u{FFFD}") else { return Array(text.utf8) }
        var candidates: Set<[UInt8]> = []
        if let name, let value = getenv(name) {
            candidates.insert(Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value))))
        } else {
            for index in 1..<Int(CommandLine.argc) {
                guard let word = CommandLine.unsafeArgv[index] else { continue }
                let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(word).assumingMemoryBound(to: UInt8.self), count: strlen(word)))
                candidates.insert(bytes)
                if bytes.starts(with: Array("--".utf8)), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                    candidates.insert(Array(bytes[(equals + 1)...]))
                }
            }
        }
        let matching = candidates.filter { String(decoding: $0, as: UTF8.self) == text }
        return matching.count == 1 ? matching.first : nil
    }
}
