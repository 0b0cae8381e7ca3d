import LoansCore

/// Why a loans document was refused: where (`loans[3].due_on`) and what.
package struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A jq-style path to the offending value (`schema_version`, `loans[3].due_on`), or
    /// `line L, column C` for a syntax error.
    package let path: String
    package let message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }

    /// A syntax error located by its line and column.
    static func syntax(_ error: JSONSyntaxError, at location: (line: Int, column: Int)) -> DocumentError {
        DocumentError(path: "line \(location.line), column \(location.column)", message: "invalid JSON: \(error.message)")
    }

    /// A value (or key) that does not fit the reading window, named by its path.
    static func tooLong(_ path: String, window: Int, key: Bool = false) -> DocumentError {
        DocumentError(path: path, message: "\(key ? "a key " : "")longer than \(JSONReader.describe(window)), the most one value may take")
    }
}
