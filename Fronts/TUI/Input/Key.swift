/// A key as the screens understand it, decoded from the terminal by the terminal layer.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, CJK, emoji…).
    case character(Character)
    /// Ctrl plus a letter, given in lower case (`.control("u")` is Ctrl-U).
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
}

/// Something that happens to the screen: a key, a new terminal size, or news that the answer
/// may have changed (someone wrote to the store, a new day began, or a failed read is retried).
public enum TUIEvent: Hashable, Sendable {
    case key(Key)
    case resize(width: Int, height: Int)
    case changed
}
