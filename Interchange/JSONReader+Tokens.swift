/// Literals, numbers, containers and skipping: every token is read whole from the window,
/// refilled as needed, its start kept as `mark`.
extension JSONReader {
    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        mark = position
        guard try available(count) else { throw fail("unexpected end of document") }
        for index in 0..<count where buffer[position + index] != word.utf8Start[index] {
            throw fail("unexpected character")
        }
        position += count
    }

    /// Reads `null` when it comes next and returns true; otherwise reads nothing.
    mutating func readNullIfPresent() throws(JSONSyntaxError) -> Bool {
        guard try peekKind() == .null else { return false }
        try literal("null")
        return true
    }

    mutating func readBool() throws(JSONSyntaxError) -> Bool {
        try skipWhitespace()
        if position < end, buffer[position] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// The next byte, refilling the window when needed; nil at the end of the document.
    @inline(__always)
    private mutating func peekByte() throws(JSONSyntaxError) -> UInt8? {
        if position == end, !(try refill()) { return nil }
        return buffer[position]
    }

    /// Reads a number token and returns its text, checking the RFC 8259 grammar.
    mutating func readNumberText() throws(JSONSyntaxError) -> Substring {
        try skipWhitespace()
        mark = position
        if try peekByte() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position - mark
        let integerDigits = try readDigits()
        guard integerDigits > 0 else { throw fail("expected a digit") }
        guard integerDigits == 1 || buffer[mark + integerStart] != 0x30 else {
            throw fail("leading zero in a number", at: base + mark + integerStart)
        }
        if try peekByte() == UInt8(ascii: ".") {
            position += 1
            guard try readDigits() > 0 else { throw fail("expected a digit") }
        }
        if let byte = try peekByte(), byte | 0x20 == UInt8(ascii: "e") {
            position += 1
            if let sign = try peekByte(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard try readDigits() > 0 else { throw fail("expected a digit") }
        }
        return Substring(decoding: UnsafeBufferPointer(start: buffer + mark, count: position - mark), as: UTF8.self)
    }

    /// Reads digits; returns how many.
    private mutating func readDigits() throws(JSONSyntaxError) -> Int {
        var count = 0
        while true {
            while position < end, buffer[position] &- 0x30 < 10 {
                position += 1
                count += 1
            }
            guard position == end, try refill() else { return count }
        }
    }

    /// Skips one value of any kind (its strings still checked as UTF-8).
    mutating func skipValue() throws(JSONSyntaxError) {
        switch try peekKind() {
        case .object:
            var object = JSONContainer()
            try begin(&object, .object)
            while try nextKey(&object) != nil { try skipValue() }
        case .array:
            var array = JSONContainer()
            try begin(&array, .array)
            while try nextElement(&array) { try skipValue() }
        case .string: _ = try readString()
        case .number: _ = try readNumberText()
        case .bool: _ = try readBool()
        case .null: try literal("null")
        }
    }
}

/// Where the reader stands inside one object or array.
struct JSONContainer {
    fileprivate var started = false
}

extension JSONReader {
    /// Consumes the opening `{` or `[`.
    mutating func begin(_ container: inout JSONContainer, _ kind: JSONKind) throws(JSONSyntaxError) {
        try consume(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["), kind == .object ? "'{'" : "'['")
        try enter()
        container.started = false
    }

    /// The next key of an object (positioned before its value), or nil after the closing `}`.
    mutating func nextKey(_ object: inout JSONContainer) throws(JSONSyntaxError) -> String? {
        guard let raw = try nextRawKey(&object) else { return nil }
        return try string(from: raw)
    }

    /// The next key as it stands in the document, or nil after the closing `}`. Its bytes stay
    /// in the window until the next token is read.
    mutating func nextRawKey(_ object: inout JSONContainer) throws(JSONSyntaxError) -> RawJSONString? {
        try skipWhitespace()
        if position < end, buffer[position] == UInt8(ascii: "}") {
            position += 1
            leave()
            return nil
        }
        if object.started { try consume(UInt8(ascii: ","), "',' or '}'") }
        object.started = true
        try skipWhitespace()
        guard position < end, buffer[position] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let key = try readRawString()
        pinned = true
        defer { pinned = false }
        try consume(UInt8(ascii: ":"), "':'")
        return key
    }

    /// True when another element follows (positioned before it); false after the closing `]`.
    mutating func nextElement(_ array: inout JSONContainer) throws(JSONSyntaxError) -> Bool {
        try skipWhitespace()
        if position < end, buffer[position] == UInt8(ascii: "]") {
            position += 1
            leave()
            return false
        }
        if array.started { try consume(UInt8(ascii: ","), "',' or ']'") }
        array.started = true
        return true
    }
}
