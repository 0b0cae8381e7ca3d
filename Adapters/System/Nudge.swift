import CLinux
import Glibc

/// A descriptor that one thread makes readable for another sleeping in `poll` (an `eventfd`):
/// how a thread is told to stop waiting without a timer or a signal.
package final class Nudge: @unchecked Sendable {
    package let descriptor: FileDescriptor

    package init() throws(Errno) {
        descriptor = FileDescriptor(rawValue: try valueOrErrno { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }.get())
    }

    deinit {
        descriptor.close()
    }

    /// Makes the descriptor readable (from any thread).
    package func nudge() {
        var one: UInt64 = 1
        _ = try? withUnsafeBytes(of: &one) { try descriptor.write($0) }
    }

    /// Takes the nudges so far: the descriptor is not readable again until the next.
    package func take() {
        var count: UInt64 = 0
        _ = try? withUnsafeMutableBytes(of: &count) { try descriptor.read(into: $0) }
    }
}
