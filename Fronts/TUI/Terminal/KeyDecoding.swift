import CNcurses

/// Turns what ncurses reads into keys: function keys by their codes, characters by value.
enum KeyDecoding {
    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME, KEY_A1: .home
        case KEY_END, KEY_C1: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_BTAB: .backTab
        default: nil
        }
    }

    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 10, 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return Unicode.Scalar(value + 96).map { .control(Character($0)) }
        case 0...31, 128...159: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}
