/// The JSON front (CONTRACT §4).
enum JSONFront {}
