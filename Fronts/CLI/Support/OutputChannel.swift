import Glibc

/// Buffered output to a file descriptor (stdout, stderr), or captured in memory for tests.
/// Large answers are written in chunks, so memory does not grow with them.
public final class OutputChannel {
    let descriptor: Int32?
    private var buffer: [UInt8] = []
    /// Everything written so far, when capturing.
    public private(set) var captured: [UInt8] = []
    private static let chunk = 1 << 16

    /// Writes to a file descriptor.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(OutputChannel.chunk)
    }

    /// Captures in memory.
    public init() {
        descriptor = nil
    }

    deinit {
        flush()
    }

    public var capturedText: String { String(decoding: captured, as: UTF8.self) }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= OutputChannel.chunk { flush() }
    }

    public func write(bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= OutputChannel.chunk { flush() }
    }

    /// Writes `line` and a newline.
    public func line(_ line: String) {
        write(line)
        write("\n")
    }

    /// Drops what was written but not yet flushed (an answer cut short by an error).
    public func discardPending() {
        buffer.removeAll(keepingCapacity: true)
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        guard let descriptor else {
            captured += buffer
            buffer.removeAll(keepingCapacity: true)
            return
        }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Where a run writes: standard output for answers, standard error for messages.
public struct Console {
    public let out: OutputChannel
    public let err: OutputChannel

    public init(out: OutputChannel, err: OutputChannel) {
        self.out = out
        self.err = err
    }

    /// The process's own stdout and stderr.
    public static func standard() -> Console {
        Console(out: OutputChannel(descriptor: STDOUT_FILENO), err: OutputChannel(descriptor: STDERR_FILENO))
    }
}
