/// libpq's keyword form of connection details — `host=homeserver dbname=loans sslmode=verify-full`
/// — read as libpq reads it: words `key = value`, a value optionally in single quotes, a
/// backslash escaping the next byte. Where each word's key and value stand, so a password can be
/// left out of a message or masked in place.
struct ConnectionKeywords {
    /// One `key = value` word: the key as written, the whole word's place, its value's place as
    /// written (quotes included) and its value as libpq reads it.
    struct Word {
        let key: [UInt8]
        let whole: Range<Int>
        let written: Range<Int>
        let value: [UInt8]

        /// Whether the word gives the password.
        var isPassword: Bool { key == Array("password".utf8) }
    }

    let words: [Word]

    /// The words of `bytes`; nil when libpq could not read them (a word without `=`, a quote not
    /// closed).
    init?(_ bytes: [UInt8]) {
        var words: [Word] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]) { index += 1 }
            let key = Array(bytes[start..<index])
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            let valueStart = index
            let quoted = index < bytes.count && bytes[index] == UInt8(ascii: "'")
            if quoted { index += 1 }
            var value: [UInt8] = []
            var closed = !quoted
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\"), index < bytes.count {
                    value.append(bytes[index])
                    index += 1
                } else if quoted, byte == UInt8(ascii: "'") {
                    closed = true
                    break
                } else if !quoted, isSpace(byte) {
                    index -= 1
                    break
                } else {
                    value.append(byte)
                }
            }
            guard closed else { return nil }
            words.append(Word(key: key, whole: start..<index, written: valueStart..<index, value: value))
        }
        self.words = words
    }

    /// Whether `text` is meant as libpq's keyword form rather than a file's path: it starts with a
    /// keyword — lower-case letters, digits and `_`, a letter first — and `=` (spaces allowed
    /// around it), as every libpq keyword does (`host=…`, `dbname = …`, `service=…`). A path
    /// starts with `/`, `.` or `~`, or holds some other byte before its first `=`; a file whose
    /// name looks like a keyword word is named `./host=x` instead.
    static func claims(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        var index = 1
        while index < bytes.count, bytes[index] == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index])
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "=")
    }
}
