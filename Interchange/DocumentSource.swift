/// Where a document's bytes come from. The reader asks for them a window at a time, so a
/// document is never held whole: a file or standard input (the adapter that opened it reads the
/// descriptor), or bytes already in memory.
package struct DocumentSource {
    /// Fills the start of the buffer and returns how many bytes it wrote; 0 at the end.
    let read: (UnsafeMutableRawBufferPointer) throws -> Int

    /// A source that reads with `read`; whatever it throws ends the decoding with that error.
    package init(read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.read = read
    }

    /// Bytes held in memory, handed over a window at a time like any other source.
    package static func bytes(_ bytes: [UInt8]) -> DocumentSource {
        let cursor = MemoryCursor(bytes)
        return DocumentSource { cursor.copy(into: $0) }
    }
}

/// How far a memory source has been read.
private final class MemoryCursor {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func copy(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { all in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[offset..<offset + count]))
        }
        offset += count
        return count
    }
}
