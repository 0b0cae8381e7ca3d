import LoansCore

/// Why a loans document was refused: where (`loans[3].due_on`) and what.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A jq-style path to the offending value (`schema_version`, `loans[3].due_on`), or
    /// `line L, column C` for a syntax error.
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }

    /// A syntax error located by line and column (both from 1) in `bytes`.
    static func syntax(_ error: JSONSyntaxError, in bytes: UnsafeBufferPointer<UInt8>) -> DocumentError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(error.offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return DocumentError(path: "line \(line), column \(column)", message: "invalid JSON: \(error.message)")
    }
}
