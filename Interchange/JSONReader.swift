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

/// Why the reader stopped, at a byte offset from the document's start; the document decoder
/// turns it into a line and column, or into the path of the value concerned.
struct JSONSyntaxError: Error, Equatable {
    enum Kind: Equatable {
        /// The text is not JSON.
        case syntax
        /// One token (a string, a number, a key and its colon) does not fit the reading window.
        case tooLong
        /// The document is larger than the reader's limit.
        case tooLarge
        /// The source failed; the reader keeps its error.
        case source
    }

    let offset: Int
    let message: String
    var kind: Kind = .syntax
}

/// A pull reader over UTF-8 JSON bytes (RFC 8259): the caller walks the document value by
/// value, so a large document is decoded without building a tree of it. The bytes stream
/// through a fixed window refilled from a `DocumentSource`; a refill keeps the token being read
/// (from `mark`), so any token up to the window's size is read whole, and memory stays the same
/// whatever the document's size.
struct JSONReader {
    /// Deepest nesting accepted, so hostile input cannot exhaust the stack.
    static let maximumDepth = 64
    /// The window's size, and so the longest token accepted.
    static let windowSize = 1 << 20

    /// The window: `buffer[0..<end]` holds the document's bytes from offset `base`.
    let buffer: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var end = 0
    var position = 0
    /// The document offset of `buffer[0]`.
    private(set) var base = 0
    /// The first byte a refill must keep: the start of the token being read.
    var mark = 0
    /// Set while a key's bytes must survive a refill (until its `:` is read).
    var pinned = false
    private var depth = 0
    private let storage: WindowStorage
    private let source: DocumentSource
    private let limit: Int
    private var total = 0
    private var finished = false
    /// Line and column (from 1) where the window starts, for messages.
    private var startLine = 1
    private var startColumn = 1
    /// What the source threw, when it did.
    private(set) var sourceError: (any Error)?

    /// A reader of `source` that refuses documents larger than `limit` bytes.
    init(_ source: DocumentSource, windowSize: Int = JSONReader.windowSize, limit: Int) {
        storage = WindowStorage(capacity: windowSize)
        buffer = storage.pointer
        capacity = windowSize
        self.source = source
        self.limit = limit
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? base + position, message: message)
    }

    /// Brings more bytes into the window, first dropping those before `mark`; false at the end.
    @inline(never)
    mutating func refill() throws(JSONSyntaxError) -> Bool {
        if finished { return false }
        if mark > 0 {
            advanceStart(past: mark)
            let kept = end - mark
            if kept > 0 { buffer.update(from: buffer + mark, count: kept) }
            end = kept
            position -= mark
            base += mark
            mark = 0
        }
        guard end < capacity else {
            throw JSONSyntaxError(offset: base, message: "longer than \(JSONReader.describe(capacity))", kind: .tooLong)
        }
        let count: Int
        do {
            count = try source.read(UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
        } catch {
            sourceError = error
            throw JSONSyntaxError(offset: base + end, message: "\(error)", kind: .source)
        }
        guard count > 0 else {
            finished = true
            return false
        }
        total += count
        guard total <= limit else {
            throw JSONSyntaxError(offset: base + end, message: "larger than \(JSONReader.describe(limit))", kind: .tooLarge)
        }
        end += count
        return true
    }

    /// Makes at least `count` bytes available from `position` (keeping from `mark`); false when
    /// the document ends first.
    mutating func available(_ count: Int) throws(JSONSyntaxError) -> Bool {
        while end - position < count {
            guard try refill() else { return false }
        }
        return true
    }

    @inline(__always)
    mutating func skipWhitespace() throws(JSONSyntaxError) {
        var index = position
        while index < end {
            switch buffer[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default:
                position = index
                return
            }
        }
        position = index
        try skipWhitespaceAcrossRefills()
    }

    /// The rest of `skipWhitespace` once the window is used up: nothing before `position` is
    /// needed any more (unless a key is pinned), so the refill can drop it all.
    @inline(never)
    private mutating func skipWhitespaceAcrossRefills() throws(JSONSyntaxError) {
        while true {
            if !pinned { mark = position }
            guard try refill() else { return }
            while position < end {
                switch buffer[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }
    }

    /// Skips a UTF-8 byte-order mark at the very start, which some editors write.
    mutating func skipByteOrderMark() throws(JSONSyntaxError) {
        mark = position
        guard try available(3), buffer[position] == 0xEF, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF else { return }
        position += 3
    }

    /// The line and column (both from 1) of a document offset inside the window.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = startLine
        var column = startColumn
        for index in 0..<min(max(offset - base, 0), end) {
            let byte = buffer[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// Moves the window's line and column past its first `count` bytes, about to be dropped.
    private mutating func advanceStart(past count: Int) {
        let dropped = UnsafeBufferPointer(start: buffer, count: count)
        let newlines = JSONReader.newlines(in: dropped)
        var lineStart = 0
        if newlines > 0 {
            startLine += newlines
            startColumn = 1
            lineStart = count
            while dropped[lineStart - 1] != 0x0A { lineStart -= 1 }
        }
        var characters = 0
        for byte in dropped[lineStart...] { characters &+= byte & 0xC0 != 0x80 ? 1 : 0 }
        startColumn += characters
    }

    /// How many bytes are `\n`, eight at a time: a byte of `word ^ 0x0A…` is zero exactly where
    /// `word` holds a newline, and the classic exact zero-byte test marks each such byte.
    static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                count &+= (~(((word & low) &+ low) | word | low)).nonzeroBitCount
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { count += 1 }
            index += 1
        }
        return count
    }

    /// `1 MiB`, `256 MiB`, or a count of bytes.
    static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// The peeked kind of the next value, after skipping whitespace.
    mutating func peekKind() throws(JSONSyntaxError) -> JSONKind {
        try skipWhitespace()
        guard position < end else { throw fail("unexpected end of document") }
        switch buffer[position] {
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
        try skipWhitespace()
        guard position == end else { throw fail("unexpected text after the document") }
    }

    mutating func consume(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        try skipWhitespace()
        guard position < end, buffer[position] == byte else { throw fail("expected \(what)") }
        position += 1
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONReader.maximumDepth else { throw fail("nested deeper than \(JSONReader.maximumDepth) levels") }
    }

    mutating func leave() {
        depth -= 1
    }
}

/// The window's memory, owned by one reader and freed with it.
private final class WindowStorage {
    let pointer: UnsafeMutablePointer<UInt8>

    init(capacity: Int) {
        pointer = .allocate(capacity: capacity)
    }

    deinit {
        pointer.deallocate()
    }
}
