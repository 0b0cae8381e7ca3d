import Foundation
import Glibc
import LoansSystem
import Synchronization
import Testing

/// The system layer's calls: a descriptor opened, written, read and described; failures as
/// `Errno` values that word themselves; a call interrupted by a signal made again, not failed.
@Suite struct FileDescriptorTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/loans-system-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    func path(_ name: String) -> SystemPath { SystemPath(folder + "/" + name)! }

    @Test func aFileIsWrittenReadAndDescribed() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try FileDescriptor.open(path("a"), .writeOnly, options: .create, permissions: 0o640)
        try file.writeAll(Array("hello, world".utf8))
        let written = try file.status()
        file.close()
        #expect(written.kind == .regular && written.size == 12 && written.permissions == 0o640 & ~umaskNow())
        #expect(written.owner == geteuid())
        #expect(try FileStatus(path("a")) == written, "the same file by its path and by its descriptor")
        let reading = try FileDescriptor.open(path("a"), .readOnly)
        defer { reading.close() }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try reading.read(into: $0) }
        #expect(String(decoding: buffer[..<count], as: UTF8.self) == "hello, world")
        #expect(try buffer.withUnsafeMutableBytes { try reading.read(into: $0) } == 0, "the end")
        #expect((fcntl(reading.rawValue, F_GETFD) & FD_CLOEXEC) != 0, "never inherited by a program loans starts")
    }

    @Test func failuresAreErrnoValuesInWords() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: Errno.noSuchFile) { try FileStatus(path("missing")) }
        #expect(throws: Errno.noSuchFile) { try FileDescriptor.open(path("missing"), .readOnly) }
        #expect(Errno.noSuchFile.description == "No such file or directory")
        let made = try FileDescriptor.open(path("b"), .writeOnly, options: .create)
        made.close()
        #expect(throws: Errno.notAFolder) { try FileDescriptor.open(path("b"), .readOnly, options: .folder) }
        #expect(throws: Errno.notAFolder) { try FileStatus(path("b/c")) }
    }

    @Test func aLinkIsDescribedItselfOnlyWhenAsked() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = try FileDescriptor.open(path("target"), .writeOnly, options: .create)
        target.close()
        #expect(symlink(folder + "/target", folder + "/link") == 0)
        let link = try FileStatus(path("link"), followingLinks: false)
        let followed = try FileStatus(path("link"))
        #expect(link.kind == .symbolicLink && followed.kind == .regular)
        #expect(followed.inode == (try FileStatus(path("target"))).inode && link.inode != followed.inode)
        #expect(try FileStatus(path(".")).kind == .folder)
    }

    /// A read that a signal's handler interrupts (installed without SA_RESTART, so the kernel
    /// returns EINTR) is made again and gets the byte that comes later.
    @Test func aCallInterruptedByASignalIsMadeAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGUSR2, &action, &previous)
        defer { sigaction(SIGUSR2, &previous, nil) }
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let reader = FileDescriptor(rawValue: ends[0])
        let writer = FileDescriptor(rawValue: ends[1])
        defer { [reader, writer].forEach { $0.close() } }
        let outcome = Outcome()
        let thread = Thread {
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            outcome.set(pthread_self())
            var byte: UInt8 = 0
            outcome.finish(Result { try withUnsafeMutableBytes(of: &byte) { try reader.read(into: $0) } })
        }
        thread.start()
        let reading = try #require(outcome.thread(within: 10))
        let before = interruptions.load(ordering: .relaxed)
        for _ in 0..<5 {
            pthread_kill(reading, SIGUSR2)
            usleep(20_000)
        }
        #expect(interruptions.load(ordering: .relaxed) > before, "the signal never reached the reading thread")
        try writer.writeAll([42])
        #expect(try outcome.result(within: 10)?.get() == 1)
    }

    private func umaskNow() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

/// How many times the test's signal handler ran.
private let interruptions = Atomic<Int>(0)

/// The reading thread's id and its read's outcome, handed to the test's thread.
private final class Outcome: @unchecked Sendable {
    private let lock = NSCondition()
    private var started: pthread_t?
    private var ended: Result<Int, any Error>?

    func set(_ thread: pthread_t) {
        lock.withLock {
            started = thread
            lock.broadcast()
        }
    }

    func finish(_ result: Result<Int, any Error>) {
        lock.withLock {
            ended = result
            lock.broadcast()
        }
    }

    func thread(within seconds: Double) -> pthread_t? {
        lock.withLock {
            let limit = Date().addingTimeInterval(seconds)
            while started == nil, lock.wait(until: limit) {}
            return started
        }
    }

    func result(within seconds: Double) -> Result<Int, any Error>? {
        lock.withLock {
            let limit = Date().addingTimeInterval(seconds)
            while ended == nil, lock.wait(until: limit) {}
            return ended
        }
    }
}
