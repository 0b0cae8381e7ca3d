import LoansSystem

/// Buffered output to a file descriptor (stdout, stderr), or captured in memory for tests.
/// Large answers are written in chunks, so memory does not grow with them. A write that fails
/// (disk full, `/dev/full`, a file-size limit, a closed pipe with SIGPIPE ignored) calls the
/// channel's failure action with the error; the process's own stdout ends the run there
/// (`Console.standard`). With SIGPIPE at its default a closed pipe ends the run by the signal
/// instead, before any action. A descriptor someone left non-blocking is waited on until it
/// takes more.
package final class OutputChannel {
    let descriptor: FileDescriptor?
    private let failure: ((Errno) -> Void)?
    private var buffer: [UInt8] = []
    /// Set after a failed write: nothing more is written.
    private var failed = false
    /// Everything written so far, when capturing.
    package private(set) var captured: [UInt8] = []
    private static let chunk = 1 << 16

    /// Writes to a file descriptor; `failure` is called once if a write fails.
    package init(descriptor: Int32, failure: ((Errno) -> Void)? = nil) {
        self.descriptor = FileDescriptor(rawValue: descriptor)
        self.failure = failure
        buffer.reserveCapacity(OutputChannel.chunk)
    }

    /// Captures in memory.
    package init() {
        descriptor = nil
        failure = nil
    }

    deinit {
        flush()
    }

    package var capturedText: String { String(decoding: captured, as: UTF8.self) }

    package func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= OutputChannel.chunk { flush() }
    }

    package func write(bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= OutputChannel.chunk { flush() }
    }

    /// Writes `line` and a newline.
    package func line(_ line: String) {
        write(line)
        write("\n")
    }

    /// Drops what was written but not yet flushed (an answer cut short by an error).
    package func discardPending() {
        buffer.removeAll(keepingCapacity: true)
    }

    package func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let descriptor else {
            captured += buffer
            return
        }
        guard !failed else { return }
        var offset = 0
        while offset < buffer.count {
            do {
                offset += try buffer.withUnsafeBytes { bytes in
                    Result { () throws(Errno) in try descriptor.write(UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
                }.get()
            } catch where error == .wouldBlock {
                _ = try? Poll.wait([(descriptor, .writable)], milliseconds: nil)
            } catch {
                failed = true
                failure?(error)
                return
            }
        }
    }
}

/// Where a run writes: standard output for answers, standard error for messages.
package struct Console {
    package let out: OutputChannel
    package let err: OutputChannel

    package init(out: OutputChannel, err: OutputChannel) {
        self.out = out
        self.err = err
    }

    /// The process's own stdout and stderr. When stdout cannot be written, the run stops there:
    /// `loans: cannot write output: …` on stderr (when stderr can take it), the run's files
    /// removed, exit 74.
    package static func standard() -> Console {
        Console(
            out: OutputChannel(descriptor: FileDescriptor.standardOutput.rawValue, failure: endRun),
            err: OutputChannel(descriptor: FileDescriptor.standardError.rawValue)
        )
    }

    private static func endRun(_ error: Errno) {
        try? FileDescriptor.standardError.writeAll(Array("loans: cannot write output: \(error)\n".utf8))
        RunCleanup.perform()
        ProcessControl.exit(ExitCode.ioError.rawValue)
    }
}
