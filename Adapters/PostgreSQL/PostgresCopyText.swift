/// Rows in the text format of `COPY … FROM STDIN`: fields apart by a tab, rows ended by a
/// newline, NULL as `\N`. In a value, a backslash, a tab, a newline and a carriage return are
/// written as `\\`, `\t`, `\n` and `\r`, so none ends a field or a row early, and `\.` in a value
/// travels as `\\.`, never as the end of the data. NUL has no place in PostgreSQL text: a value
/// that holds it is refused (SQLSTATE 22021), as a statement's parameter is.
struct PostgresCopyText {
    /// The rows so far, as UTF-8.
    private(set) var bytes: [UInt8] = []
    /// Whether the row being written has a field yet (the next one then needs a tab first).
    private var rowStarted = false

    init(reservingRows rows: Int = 0) {
        bytes.reserveCapacity(rows * 256)
    }

    /// Appends one field of the current row (nil is NULL).
    mutating func field(_ value: String?) throws(PostgresError) {
        if rowStarted { bytes.append(Self.tab) }
        rowStarted = true
        guard let value else {
            bytes.append(Self.backslash)
            bytes.append(UInt8(ascii: "N"))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case Self.backslash: bytes.append(Self.backslash); bytes.append(Self.backslash)
            case Self.tab: bytes.append(Self.backslash); bytes.append(UInt8(ascii: "t"))
            case Self.newline: bytes.append(Self.backslash); bytes.append(UInt8(ascii: "n"))
            case Self.carriageReturn: bytes.append(Self.backslash); bytes.append(UInt8(ascii: "r"))
            case 0: throw PostgresCopyText.holdsNUL
            default: bytes.append(byte)
            }
        }
    }

    /// Ends the current row.
    mutating func endRow() {
        bytes.append(Self.newline)
        rowStarted = false
    }

    /// The refusal of a value that holds NUL, as `PostgresConnection.execute` words it.
    static let holdsNUL = PostgresError(sqlState: "22021", message: "a value holds the NUL character (U+0000), which PostgreSQL text cannot store")

    private static let backslash = UInt8(ascii: "\\")
    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
}
