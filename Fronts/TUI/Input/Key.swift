/// A key as the screens understand it, decoded from the terminal by `InputDecoder`.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, CJK, emoji…).
    case character(Character)
    /// Ctrl plus a letter, given in lower case (`.control("u")` is Ctrl-U).
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
}

/// Something that happens to the screen: a key, pasted text, the mouse, a new terminal size, or
/// news that the answer may have changed (someone wrote to the store, a new day began, or a
/// failed read is retried).
public enum TUIEvent: Hashable, Sendable {
    case key(Key)
    /// Text the terminal marked as pasted: it is text wherever it lands, never a command.
    case paste(String)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    case changed
}

/// A mouse report: a button pressed or released, or the wheel turned, at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Action: Hashable, Sendable {
        case press(MouseButton)
        case release
        case wheelUp, wheelDown
    }

    public var action: Action
    /// The cell, counted from 0 at the top left.
    public var row: Int
    public var column: Int
    /// 1 for a click, 2 for the second press of a double-click (set by `ClickCounter`).
    public var clicks: Int

    public init(_ action: Action, row: Int, column: Int, clicks: Int = 1) {
        self.action = action
        self.row = row
        self.column = column
        self.clicks = clicks
    }
}

/// Which mouse button.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}

/// Tells a double-click from two clicks: a left press on the same cell within `interval`
/// milliseconds of the previous one is its second click.
public struct ClickCounter: Sendable {
    public static let interval = 400
    private var last: (row: Int, column: Int, time: Int, clicks: Int)?

    public init() {}

    /// The event with its click count, given the time of the press in milliseconds.
    public mutating func count(_ event: MouseEvent, at time: Int) -> MouseEvent {
        guard case .press(.left) = event.action else { return event }
        var counted = event
        if let last, last.row == event.row, last.column == event.column, time - last.time <= ClickCounter.interval,
           last.clicks == 1 {
            counted.clicks = 2
        }
        last = (event.row, event.column, time, counted.clicks)
        return counted
    }
}
