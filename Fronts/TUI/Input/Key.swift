import Glibc

/// A key as the screens understand it, decoded from the terminal by `InputDecoder`.
package enum Key: Hashable, Sendable {
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
package enum TUIEvent: Hashable, Sendable {
    case key(Key)
    /// Text the terminal marked as pasted: it is text wherever it lands, never a command.
    case paste(String)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    case changed
}

/// A mouse report: a button pressed or released, or the wheel turned, at a cell of the screen.
package struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    package enum Action: Hashable, Sendable {
        case press(MouseButton)
        case release
        case wheelUp, wheelDown
    }

    package var action: Action
    /// The cell, counted from 0 at the top left.
    package var row: Int
    package var column: Int
    /// 1 for a click, 2 for the second press of a double-click (set by `ClickCounter`).
    package var clicks: Int

    package init(_ action: Action, row: Int, column: Int, clicks: Int = 1) {
        self.action = action
        self.row = row
        self.column = column
        self.clicks = clicks
    }
}

/// Which mouse button.
package enum MouseButton: Hashable, Sendable {
    case left, middle, right
}

/// Tells a double-click from two clicks: a left press on the same cell within `interval`
/// milliseconds of the previous one is its second click.
package struct ClickCounter: Sendable {
    package static let interval = 400
    private var last: (row: Int, column: Int, time: Int, clicks: Int)?

    package init() {}

    /// The monotonic clock in milliseconds: the time `count(_:at:)` takes.
    package static func now() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    /// The event with its click count, given the time of the press in milliseconds.
    package mutating func count(_ event: MouseEvent, at time: Int) -> MouseEvent {
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
