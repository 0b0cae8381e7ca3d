/// What kind of value comes next in a JSON text.
enum JSONKind: Equatable, CustomStringConvertible {
    case object, array, string, number, bool, null

    var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A JSON syntax error at a byte offset; the document decoder turns it into a line and column.
struct JSONSyntaxError: Error, Equatable {
    let offset: Int
    let message: String
}

/// A pull reader over UTF-8 JSON bytes (RFC 8259): the caller walks the document value by
/// value, so a large document is decoded without building a tree of it.
struct JSONReader {
    /// Deepest nesting accepted, so hostile input cannot exhaust the stack.
    static let maximumDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The kind of the next value, after skipping whitespace.
    mutating func peekKind() throws(JSONSyntaxError) -> JSONKind {
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of document") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), 0x30...0x39: return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw fail("unexpected character")
        }
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected text after the document") }
    }

    mutating func consume(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw fail("expected \(what)") }
        position += 1
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONReader.maximumDepth else { throw fail("nested deeper than \(JSONReader.maximumDepth) levels") }
    }

    mutating func leave() {
        depth -= 1
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw fail("unexpected end of document") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
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
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// Reads a number token and returns its text, checking the RFC 8259 grammar.
    mutating func readNumberText() throws(JSONSyntaxError) -> Substring {
        skipWhitespace()
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw fail("expected a digit") }
        guard integerDigits == 1 || bytes[integerStart] != 0x30 else { throw fail("leading zero in a number", at: integerStart) }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail("expected a digit") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw fail("expected a digit") }
        }
        return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Skips one value of any kind.
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

    /// The next key as it stands in the document, or nil after the closing `}`.
    mutating func nextRawKey(_ object: inout JSONContainer) throws(JSONSyntaxError) -> RawJSONString? {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            leave()
            return nil
        }
        if object.started { try consume(UInt8(ascii: ","), "',' or '}'") }
        object.started = true
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let key = try readRawString()
        try consume(UInt8(ascii: ":"), "':'")
        return key
    }

    /// True when another element follows (positioned before it); false after the closing `]`.
    mutating func nextElement(_ array: inout JSONContainer) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            leave()
            return false
        }
        if array.started { try consume(UInt8(ascii: ","), "',' or ']'") }
        array.started = true
        return true
    }
}
