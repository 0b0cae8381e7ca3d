import LoansText

/// One line of editable text with a cursor: typing inserts at the cursor; ←/→, Home/End
/// (and Ctrl-A/Ctrl-E) move it; Backspace and Delete remove around it; Ctrl-U clears.
public struct TextInput: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// The cursor, as a count of characters before it.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies an editing key; false when the key is not an editing key (the caller's to handle).
    @discardableResult
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeAll()
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        default:
            return false
        }
        return true
    }

    /// The part of the text that fits in `columns` display columns with the cursor inside it,
    /// and the cursor's column within that part. Scrolls so the cursor is always visible.
    public func visible(columns: Int) -> (text: String, cursorColumn: Int) {
        guard columns > 1 else { return ("", 0) }
        let safe = characters.map { SafeText.sanitized(String($0)) }
        let widths = safe.map { DisplayWidth.of($0) }
        var start = 0
        var used = widths[..<cursor].reduce(0, +)
        while used > columns - 1, start < cursor {
            used -= widths[start]
            start += 1
        }
        var text = ""
        var total = 0
        var index = start
        while index < safe.count, total + widths[index] <= columns {
            text += safe[index]
            total += widths[index]
            index += 1
        }
        return (text, used)
    }
}
