/// The rows of one statement, in libpq's text format, held in memory until released.
final class PostgresResult {
    private let pq: LibPQ
    private let handle: OpaquePointer

    /// Takes ownership of a result libpq returned; `PQclear` runs when this is released.
    init(_ handle: OpaquePointer, pq: LibPQ) {
        self.handle = handle
        self.pq = pq
    }

    deinit {
        pq.clear(handle)
    }

    var rowCount: Int { Int(pq.ntuples(handle)) }

    /// Rows an INSERT, UPDATE or DELETE touched (0 for other statements).
    var affectedRows: Int {
        pq.cmdTuples(handle).flatMap { Int(String(cString: $0)) } ?? 0
    }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        pq.getisnull(handle, Int32(row), Int32(column)) == 1
    }

    /// The field's text as raw UTF-8, valid while this result lives; empty for NULL.
    func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
        let count = Int(pq.getlength(handle, Int32(row), Int32(column)))
        guard let value = pq.getvalue(handle, Int32(row), Int32(column)) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// The field's text; nil for NULL.
    func string(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : String(decoding: bytes(row, column), as: UTF8.self)
    }

    /// The field as a number of zero or more, read from its digits without making a string; nil
    /// for NULL or anything else.
    func int64(_ row: Int, _ column: Int) -> Int64? {
        let digits = bytes(row, column)
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedToo) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflowed, !overflowedToo else { return nil }
            value = sum
        }
        return value
    }

    /// The field as `t`/`f`; nil for NULL or anything else.
    func bool(_ row: Int, _ column: Int) -> Bool? {
        switch string(row, column) {
        case "t": true
        case "f": false
        default: nil
        }
    }
}
