import CLinux
import Glibc

/// Signals read from a descriptor (`signalfd(2)`) instead of by a handler, so a wait in `poll`
/// learns of them as of any other descriptor, and never from an interrupted call. While it
/// exists its signals are blocked in the thread that made it (and in every thread that thread
/// starts afterwards): one that comes while nobody waits stays pending until read, so it is never
/// lost. A signal sent to the process reaches the descriptor only if every thread blocks it — so
/// make the descriptor before starting other threads. Dropping it closes the descriptor and
/// unblocks the signals it blocked (those blocked before stay blocked).
package final class SignalDescriptor {
    package let descriptor: FileDescriptor
    /// The signals this blocked.
    private let blocked: SignalSet

    /// Blocks `signals` and opens a descriptor that is readable while one of them is pending.
    package init(_ signals: [Int32]) throws(Errno) {
        let before = SignalSet.blockedNow
        let wanted = SignalSet(signals)
        blocked = SignalSet(signals.filter { !before.contains($0) })
        wanted.block()
        let number = withUnsafePointer(to: wanted.raw) { signalfd(-1, $0, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }
        guard number >= 0 else {
            let error = Errno.current
            blocked.unblock()
            throw error
        }
        descriptor = FileDescriptor(rawValue: number)
    }

    deinit {
        descriptor.close()
        blocked.unblock()
    }

    /// Takes every pending signal of the set: their numbers, in the order they came.
    package func drain() -> [Int32] {
        var numbers: [Int32] = []
        var record = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while (try? withUnsafeMutableBytes(of: &record) { try descriptor.read(into: $0) }) == size {
            numbers.append(Int32(bitPattern: record.ssi_signo))
        }
        return numbers
    }
}
