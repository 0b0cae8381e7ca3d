import LoansCore
import LoansText

/// One line of editable text with a cursor, edited by grapheme cluster: typing inserts at the
/// cursor, ←/→ (Home/End, Ctrl-A/Ctrl-E) move over whole graphemes, Backspace and Delete remove
/// one whole (a family emoji, a letter with its accents), Ctrl-U clears and Ctrl-K cuts to the
/// end. The text is kept in two parts around the cursor — the text before it, and the
/// characters after it as a stack, nearest last — so typing, moving and deleting at the cursor
/// cost one grapheme whatever the length of the text, and drawing measures only what is shown.
/// It holds at most `capacity` characters: what typing or a paste would add beyond is refused,
/// and `insert` says how much, for the screen to say so.
package struct TextInput: Hashable, Sendable {
    /// The text before the cursor.
    private var head: String
    /// The graphemes after the cursor, the nearest last.
    private var tail: [Character]
    /// How many graphemes `head` holds, kept as it changes: counting them would cost the whole text.
    private var headCount: Int
    /// The most characters (grapheme clusters) the text holds.
    package let capacity: Int

    /// What every text entry of the TUI holds at most, the filter and each form field: the
    /// longest text a loan has (a note), so nothing a loan can hold is refused, and a filter
    /// longer than any loan's text — which could match nothing — never has to be searched.
    package static let standardCapacity = LoanRules.noteLimit

    package init(_ text: String = "", capacity: Int = TextInput.standardCapacity) {
        head = text
        tail = []
        headCount = text.count
        self.capacity = capacity
    }

    package var text: String { tail.isEmpty ? head : head + String(tail.reversed()) }

    package var isEmpty: Bool { head.isEmpty && tail.isEmpty }

    /// How many graphemes stand before the cursor.
    package var cursor: Int { headCount }

    /// How many graphemes the text holds (kept, not counted: any length costs the same).
    package var count: Int { headCount + tail.count }

    /// Applies a key: a character is typed at the cursor, an editing key (`TextInput.keys`)
    /// edits; false when the key is neither (the caller's to handle).
    @discardableResult
    package mutating func apply(_ key: Key) -> Bool {
        if case .character(let character) = key {
            insert(String(character))
            return true
        }
        guard case .text(let edit)? = KeyMap.action(for: key, in: TextInput.keys) else { return false }
        perform(edit)
        return true
    }

    /// Makes an edit at the cursor.
    package mutating func perform(_ edit: TextEdit) {
        switch edit {
        case .left:
            if let character = head.popLast() {
                headCount -= 1
                tail.append(character)
            }
        case .right:
            if let character = tail.popLast() { appendToHead(String(character)) }
        case .start:
            tail.append(contentsOf: head.reversed())
            head = ""
            headCount = 0
        case .end:
            appendToHead(String(tail.reversed()))
            tail = []
        case .deleteBackward:
            guard head.popLast() != nil else { return }
            headCount -= 1
            joinAtCursor()
        case .deleteForward:
            guard tail.popLast() != nil else { return }
            joinAtCursor()
        case .clear:
            head = ""
            headCount = 0
            tail = []
        case .cutToEnd:
            tail = []
        }
    }

    /// Inserts text at the cursor (typed or pasted), as much of it as the capacity leaves room
    /// for; the cursor ends after it. Returns how many characters were refused (0 when all of
    /// it went in). A refused key costs nothing whatever the length of the text.
    @discardableResult
    package mutating func insert(_ text: String) -> Int {
        let room = capacity - count
        guard room > 0 else { return text.count }
        var taken = text[...]
        var refused = 0
        // A text of no more bytes than the room has no more characters either.
        if text.utf8.count > room, let end = text.index(text.startIndex, offsetBy: room, limitedBy: text.endIndex) {
            taken = text[..<end]
            refused = text[end...].count
        }
        appendToHead(taken)
        joinAtCursor()
        return refused
    }

    /// Appends to the text before the cursor, counting only what changed: the new text and the
    /// grapheme it may join (a break before the last grapheme does not move when text follows).
    private mutating func appendToHead(_ text: some StringProtocol) {
        guard !text.isEmpty else { return }
        let last = head.last
        head += text
        if let last {
            var joined = String(last)
            joined += text
            headCount += joined.count - 1
        } else {
            headCount += text.count
        }
    }

    /// Pasted text as a field takes it: control characters (ESC, tab, CR…) become spaces, and so
    /// do newlines unless the field keeps them.
    package static func pastable(_ text: String, keepingNewlines: Bool) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (0x00...0x1F).contains(scalar.value) || (0x7F...0x9F).contains(scalar.value)
        }
        let scalars = text.unicodeScalars
        guard scalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in scalars {
            out.append(isControl(scalar) && !(keepingNewlines && scalar == "\n") ? " " : scalar)
        }
        return String(out)
    }

    /// Keeps the cursor between graphemes: when the text before it and the grapheme after it
    /// now form one (a combining mark typed before it, the halves of a flag brought together
    /// by a deletion), the cursor moves past it.
    private mutating func joinAtCursor() {
        while let next = tail.last, let last = head.last {
            var pair = String(last)
            pair.append(next)
            guard pair.count == 1 else { return }
            head.append(tail.removeLast())
        }
    }

    /// The part of the text that fits in `columns` display columns with the cursor inside it,
    /// and the cursor's column within that part. Scrolls so the cursor is always visible, and
    /// measures only the graphemes it shows. A newline (in a note) shows as `↵`.
    package func visible(columns: Int) -> (text: String, cursorColumn: Int) {
        guard columns > 1 else { return ("", 0) }
        var before: [String] = []
        var used = 0
        for character in head.reversed() {
            let shown = TextInput.shown(character)
            let width = DisplayWidth.of(shown)
            guard used + width <= columns - 1 else { break }
            before.append(shown)
            used += width
        }
        var text = before.reversed().joined()
        var total = used
        for character in tail.reversed() {
            let shown = TextInput.shown(character)
            let width = DisplayWidth.of(shown)
            guard total + width <= columns else { break }
            text += shown
            total += width
        }
        return (text, used)
    }

    private static func shown(_ character: Character) -> String {
        character == "\n" ? "↵" : SafeText.sanitized(String(character))
    }
}

/// Text that did not go in: the entry held `capacity` characters already, or had room for part
/// of a paste only. The screen says so (the filter's line, under a form).
package struct TextOverflow: Hashable, Sendable {
    package let capacity: Int
    /// Part of a paste was refused (else a key typed).
    package let pasted: Bool
}

/// What an editing key does to the text being typed.
package enum TextEdit: Hashable, Sendable {
    /// The cursor a grapheme left or right, or to either end.
    case left, right, start, end
    /// Removes the grapheme before the cursor, or the one after it.
    case deleteBackward, deleteForward
    /// Removes all the text; or what follows the cursor.
    case clear, cutToEnd
}

extension TextInput {
    /// The editing keys, wherever text is typed (the filter, a form's fields); any other
    /// character is typed at the cursor.
    package static let keys = KeyGroup(title: "Editing text (the filter, a form's fields): other keys type", bindings: [
        KeyBinding(.text(.left), [.left], hint: KeyHint("←→", "cursor"), "a character left"),
        KeyBinding(.text(.right), [.right], hint: KeyHint("←→", "cursor"), "a character right"),
        KeyBinding(.text(.start), [.home, .control("a")], "to the start"),
        KeyBinding(.text(.end), [.end, .control("e")], "to the end"),
        KeyBinding(.text(.deleteBackward), [.backspace], "delete the character before the cursor"),
        KeyBinding(.text(.deleteForward), [.delete, .control("d")], "delete the character under the cursor"),
        KeyBinding(.text(.clear), [.control("u")], "clear the field"),
        KeyBinding(.text(.cutToEnd), [.control("k")], "delete to the end"),
    ])
}
