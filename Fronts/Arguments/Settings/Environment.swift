import LoansSystem

/// The environment of one run, values as the bytes given. An empty variable counts as unset
/// (`NO_COLOR=` asks for nothing). The process's own environment is read one variable at a
/// time, when asked: a status bar's run reads a handful, not all.
package struct Environment {
    private let lookup: (String) -> [UInt8]?
    private let everything: () -> [String: String]

    /// An environment given whole (tests, tools).
    package init(_ values: [String: [UInt8]]) {
        lookup = { values[$0] }
        everything = { values.mapValues { String(decoding: $0, as: UTF8.self) } }
    }

    /// The process's environment.
    package static var process: Environment {
        Environment(
            lookup: ProcessEnvironment.variable,
            everything: ProcessEnvironment.current
        )
    }

    private init(lookup: @escaping (String) -> [UInt8]?, everything: @escaping () -> [String: String]) {
        self.lookup = lookup
        self.everything = everything
    }

    /// The variable's value, nil when unset or empty.
    package subscript(_ name: String) -> Word? {
        guard let bytes = lookup(name), !bytes.isEmpty else { return nil }
        return Word(bytes)
    }

    /// The variable's value as text (invalid UTF-8 replaced), nil when unset or empty: for
    /// values that are only shown or compared, never for paths.
    package func text(_ name: String) -> String? {
        self[name].map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// Every variable as text (invalid UTF-8 replaced), for the parts of loans that take the
    /// environment whole (the change hook after a write).
    package var strings: [String: String] { everything() }
}
