/// The TUI front (CONTRACT §6).
enum TUIFront {}
