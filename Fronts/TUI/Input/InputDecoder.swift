/// Turns the bytes a terminal sends into events: UTF-8 characters, control keys, the escape
/// sequences xterm-compatible terminals send for cursor and editing keys (normal and
/// application mode, the Linux console's too), SGR mouse reports (mode 1006) and bracketed paste
/// (mode 2004), whose content is text whatever bytes it holds. What is unfinished at the end of
/// a read is kept for the next, so a sequence split across reads decodes the same. Pure: the
/// terminal layer feeds it, and calls `flush` when no more bytes came within the Esc delay.
package struct InputDecoder: Sendable {
    /// The bytes of an unfinished sequence (an escape sequence or a UTF-8 character).
    private var pending: [UInt8] = []
    /// Inside `ESC [ 200 ~` … `ESC [ 201 ~`.
    private var pasting = false
    /// Pasted bytes not yet handed out: an unfinished UTF-8 character or a CR before a possible LF.
    private var pasted: [UInt8] = []
    /// How many bytes of the paste's end marker the last bytes matched.
    private var endMatched = 0

    /// Sequences longer than this without their final byte are noise, not a key.
    static let longestSequence = 64
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    package init() {}

    /// Whether an unfinished sequence waits for more bytes (a lone ESC may be the Esc key).
    package var isWaiting: Bool { !pasting && !pending.isEmpty }

    /// The events the bytes complete, in order.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> [TUIEvent] {
        let input = pending.isEmpty ? Array(bytes) : pending + bytes
        pending = []
        var events: [TUIEvent] = []
        var index = 0
        while index < input.count {
            if pasting {
                index = consumePaste(input, from: index, into: &events)
                continue
            }
            switch InputDecoder.decode(input, at: index) {
            case .incomplete:
                pending = Array(input[index...])
                index = input.count
            case .event(let event, let length):
                events.append(event)
                index += length
            case .skip(let length):
                index += length
            case .pasteStart(let length):
                pasting = true
                index += length
            }
        }
        if pasting { emitPasted(final: false, into: &events) }
        return events
    }

    /// No more bytes came: a lone ESC is the Esc key; any other unfinished sequence is dropped.
    package mutating func flush() -> [TUIEvent] {
        defer { pending = [] }
        return pending == [0x1B] ? [.key(.escape)] : []
    }

    // MARK: Paste

    /// Takes pasted bytes up to the end marker (or the end of the input); returns where it stopped.
    private mutating func consumePaste(_ input: [UInt8], from start: Int, into events: inout [TUIEvent]) -> Int {
        var index = start
        while index < input.count {
            let byte = input[index]
            if byte == InputDecoder.pasteEnd[endMatched] {
                endMatched += 1
                index += 1
                if endMatched == InputDecoder.pasteEnd.count {
                    endMatched = 0
                    pasting = false
                    emitPasted(final: true, into: &events)
                    return index
                }
            } else if endMatched > 0 {
                pasted += InputDecoder.pasteEnd[..<endMatched]
                endMatched = 0
            } else {
                pasted.append(byte)
                index += 1
            }
        }
        return index
    }

    /// Hands out the pasted text so far, CR LF and CR as LF; an unfinished UTF-8 character or a
    /// last CR wait for the next bytes unless the paste is over.
    private mutating func emitPasted(final: Bool, into events: inout [TUIEvent]) {
        var keep = final ? pasted.count : InputDecoder.completeUTF8Prefix(pasted)
        if !final, keep > 0, pasted[keep - 1] == 0x0D { keep -= 1 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keep)
        var index = 0
        while index < keep {
            let byte = pasted[index]
            if byte == 0x0D {
                bytes.append(0x0A)
                if index + 1 < pasted.count, pasted[index + 1] == 0x0A { index += 1 }
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        pasted.removeFirst(min(index, pasted.count))
        if !bytes.isEmpty { events.append(.paste(String(decoding: bytes, as: UTF8.self))) }
    }

    /// How many leading bytes end on a whole UTF-8 character (a cut one at the end waits).
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var start = bytes.count
        while start > 0, bytes.count - start < 4 {
            start -= 1
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                return bytes.count - start < utf8Length(byte) ? start : bytes.count
            }
        }
        return bytes.count
    }

    static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    // MARK: Keys

    enum Decoded {
        case incomplete
        case event(TUIEvent, length: Int)
        case skip(Int)
        case pasteStart(Int)
    }

    static func decode(_ input: [UInt8], at index: Int) -> Decoded {
        let byte = input[index]
        switch byte {
        case 0x1B: return escape(input, at: index)
        case 0x0D, 0x0A: return .event(.key(.enter), length: 1)
        case 0x09: return .event(.key(.tab), length: 1)
        case 0x7F, 0x08: return .event(.key(.backspace), length: 1)
        case 0x01...0x1A: return .event(.key(.control(Character(Unicode.Scalar(byte + 0x60)))), length: 1)
        case 0x00...0x1F: return .skip(1)
        case 0x20...0x7E: return .event(.key(.character(Character(Unicode.Scalar(byte)))), length: 1)
        default: return utf8(input, at: index)
        }
    }

    private static func utf8(_ input: [UInt8], at index: Int) -> Decoded {
        let length = utf8Length(input[index])
        guard length > 1 else { return .skip(1) }
        let available = min(length, input.count - index)
        for offset in 1..<available where input[index + offset] & 0xC0 != 0x80 { return .skip(1) }
        guard available == length else { return .incomplete }
        var bytes = input[index..<index + length].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes), !(0x80...0x9F).contains(scalar.value) else {
            return .skip(length)
        }
        return .event(.key(.character(Character(scalar))), length: length)
    }

    /// ESC: the start of a sequence, or the Esc key when another ESC or a plain key follows
    /// (Alt plus a key reads as Esc, then the key).
    private static func escape(_ input: [UInt8], at index: Int) -> Decoded {
        guard index + 1 < input.count else { return .incomplete }
        switch input[index + 1] {
        case UInt8(ascii: "["):
            return controlSequence(input, at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < input.count else { return .incomplete }
            return singleShift(input[index + 2]).map { .event(.key($0), length: 3) } ?? .skip(3)
        default:
            return .event(.key(.escape), length: 1)
        }
    }

    /// `ESC O x`: cursor keys in application mode, Home, End, the keypad's Enter.
    private static func singleShift(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        default: nil
        }
    }

    /// `ESC [` parameters, intermediates, a final byte.
    private static func controlSequence(_ input: [UInt8], at index: Int) -> Decoded {
        let start = index + 2
        guard start < input.count else { return .incomplete }
        switch input[start] {
        case UInt8(ascii: "["):
            return start + 1 < input.count ? .skip(4) : .incomplete
        case UInt8(ascii: "M"):
            return start + 3 < input.count ? .skip(6) : .incomplete
        default:
            break
        }
        var end = start
        while end < input.count, (0x20...0x3F).contains(input[end]) { end += 1 }
        guard end < input.count else {
            return end - index > longestSequence ? .skip(2) : .incomplete
        }
        let final = input[end]
        let length = end + 1 - index
        guard (0x40...0x7E).contains(final) else { return .skip(2) }
        let parameters = input[start..<end]
        if parameters.first == UInt8(ascii: "<") {
            return mouse(parameters.dropFirst(), final: final).map { .event(.mouse($0), length: length) } ?? .skip(length)
        }
        let numbers = numbers(parameters)
        switch final {
        case UInt8(ascii: "~"):
            if numbers.first == 200 { return .pasteStart(length) }
            return tilde(numbers.first ?? 0).map { .event(.key($0), length: length) } ?? .skip(length)
        case UInt8(ascii: "Z"):
            return .event(.key(.backTab), length: length)
        default:
            return singleShift(final).map { .event(.key($0), length: length) } ?? .skip(length)
        }
    }

    /// `ESC [ n ~`: the editing keys.
    private static func tilde(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        default: nil
        }
    }

    /// `ESC [ < b ; x ; y M` (a press, or the wheel) or `… m` (a release), cells counted from 1.
    private static func mouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> MouseEvent? {
        let values = numbers(parameters)
        guard values.count == 3, values[1] >= 1, values[2] >= 1, final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else {
            return nil
        }
        let (code, row, column) = (values[0], values[2] - 1, values[1] - 1)
        if code & 64 != 0 {
            guard final == UInt8(ascii: "M") else { return nil }
            return MouseEvent(code & 1 == 0 ? .wheelUp : .wheelDown, row: row, column: column)
        }
        if code & 32 != 0 { return nil }
        if final == UInt8(ascii: "m") { return MouseEvent(.release, row: row, column: column) }
        switch code & 3 {
        case 0: return MouseEvent(.press(.left), row: row, column: column)
        case 1: return MouseEvent(.press(.middle), row: row, column: column)
        case 2: return MouseEvent(.press(.right), row: row, column: column)
        default: return MouseEvent(.release, row: row, column: column)
        }
    }

    /// The numbers of `1;2;30`, each at most 99 999 (larger ones are clamped there).
    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int] {
        var values: [Int] = []
        var current = 0
        var digits = 0
        for byte in parameters {
            if byte == UInt8(ascii: ";") {
                values.append(current)
                current = 0
                digits = 0
            } else if (0x30...0x39).contains(byte) {
                current = min(99_999, current * 10 + Int(byte - 0x30))
                digits += 1
            }
        }
        if digits > 0 || !values.isEmpty { values.append(current) }
        return values
    }
}
