import CLibPQ
import Glibc

/// `COPY … FROM STDIN` on the connection: the statement sent as any other, then the rows as
/// copy data (`PQputCopyData`), then its end (`PQputCopyEnd`) and the server's answer — within
/// the answer deadline at each wait, as a statement's answer is. The rows go in as one statement
/// of the transaction under way: a failure anywhere fails the statement, and with it the change.
extension PostgresConnection {
    /// Sends `rows` (`PostgresCopyText`) to `sql`, a `COPY table (columns) FROM STDIN`.
    func copy(_ sql: String, _ rows: PostgresCopyText) throws(PostgresError) {
        guard !abandoned else { throw PostgresError(message: "an earlier statement on this connection ran out of time", sql: sql) }
        try readOwedAnswer()
        guard pq.sendQueryParams(handle, sql, 0, nil, nil, nil, nil, 0) == 1 else { throw failure(sql) }
        let deadline = answerDeadline
        do throws(PostgresError) {
            guard try flushed(until: deadline) else { throw failure(nil) }
            let started = try nextResult(until: deadline)
            guard let started else { throw failure(sql) }
            guard pq.resultStatus(started) == PGRES_COPY_IN else {
                // The statement was refused: its error, once libpq has read to the end.
                defer { pq.clear(started) }
                if let rest = try answer(sql) { pq.clear(rest) }
                throw failure(started, sql)
            }
            pq.clear(started)
            try rows.bytes.withUnsafeBufferPointer { (buffer) throws(PostgresError) in
                var sent = 0
                while sent < buffer.count {
                    // Pieces of at most 1 MiB, so libpq's buffer never holds much more.
                    let piece = min(buffer.count - sent, 1 << 20)
                    let base = UnsafeRawPointer(buffer.baseAddress! + sent).assumingMemoryBound(to: CChar.self)
                    switch pq.putCopyData(handle, base, Int32(piece)) {
                    case 1: sent += piece
                    case 0: try waitForRoom(until: deadline)
                    default: throw failure(sql)
                    }
                }
            }
            while true {
                let ended = pq.putCopyEnd(handle, nil)
                if ended == 1 { break }
                guard ended == 0 else { throw failure(sql) }
                try waitForRoom(until: deadline)
            }
        } catch {
            abandoned = abandoned || error.timedOut
            throw error
        }
        guard let raw = try answer(sql) else { throw failure(sql) }
        defer { pq.clear(raw) }
        guard pq.resultStatus(raw) == PGRES_COMMAND_OK else { throw failure(raw, sql) }
    }

    /// Waits until the socket takes more (reading what the server sent meanwhile).
    private func waitForRoom(until deadline: ServerDeadline?) throws(PostgresError) {
        let ready = try ServerDeadline.wait(on: pq.socket(handle), for: POLLIN | POLLOUT, until: deadline)
        if ready & POLLIN != 0, pq.consumeInput(handle) == 0 { throw failure(nil) }
        if ready & POLLOUT != 0, pq.flush(handle) == -1 { throw failure(nil) }
    }
}
