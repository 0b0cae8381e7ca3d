import Glibc
import LoansSystem
import Testing

/// Signals read from a descriptor: blocked while it exists, pending until read (so one that
/// came while nobody waited is still there for the next wait), and unblocked again after.
@Suite struct SignalDescriptorTests {
    @Test func aSignalWaitsInTheDescriptorUntilRead() throws {
        let before = blocked(SIGUSR1)
        var signals: SignalDescriptor? = try SignalDescriptor([SIGUSR1])
        let descriptor = try #require(signals?.descriptor)
        #expect(blocked(SIGUSR1))
        #expect(try Poll.wait([(descriptor, .readable)], milliseconds: 0).isReady(descriptor) == false)
        raise(SIGUSR1)
        raise(SIGUSR1)
        #expect(try Poll.wait([(descriptor, .readable)], milliseconds: 5000).events(descriptor).contains(.readable))
        #expect(signals?.drain() == [SIGUSR1], "two of a signal pending are one")
        #expect(try Poll.wait([(descriptor, .readable)], milliseconds: 0).isReady(descriptor) == false, "read: no longer ready")
        signals = nil
        #expect(blocked(SIGUSR1) == before, "the mask is as it was")
    }

    private func blocked(_ signal: Int32) -> Bool {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return sigismember(&mask, signal) == 1
    }
}
