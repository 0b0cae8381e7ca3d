/// Reads of a few bytes that stop at a bound: a line typed at a terminal, a short input whole.
extension FileDescriptor {
    /// The bytes up to the first newline (left out) or the end of the input, one byte at a time
    /// so nothing after the line is taken from the descriptor; at most `limit` + 1 bytes.
    package func readLine(upTo limit: Int) throws(Errno) -> [UInt8] {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= limit {
            let count = try withUnsafeMutableBytes(of: &byte) { buffer throws(Errno) in try read(into: buffer) }
            if count == 0 || byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        return line
    }

    /// Everything up to the end of the input, or the first chunk that reaches `limit` bytes.
    package func readAll(upTo limit: Int) throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 512, alignment: 1)
        defer { chunk.deallocate() }
        while bytes.count < limit {
            let count = try read(into: chunk)
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        return bytes
    }
}
