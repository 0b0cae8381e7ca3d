/// The environment of one run, values as the bytes given. An empty variable counts as unset
/// (`LOANS_DB=` names no database; `NO_COLOR=` asks for nothing).
struct Environment {
    private let values: [String: [UInt8]]

    init(_ values: [String: [UInt8]]) {
        self.values = values
    }

    /// The variable's value, nil when unset or empty.
    subscript(_ name: String) -> Word? {
        guard let bytes = values[name], !bytes.isEmpty else { return nil }
        return Word(bytes)
    }

    /// The variable's value as text (invalid UTF-8 replaced), nil when unset or empty: for
    /// values that are only shown or compared, never for paths.
    func text(_ name: String) -> String? {
        self[name].map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// Every variable as text (invalid UTF-8 replaced), for the parts of loans that take the
    /// environment whole (the change hook).
    var strings: [String: String] { values.mapValues { String(decoding: $0, as: UTF8.self) } }
}
