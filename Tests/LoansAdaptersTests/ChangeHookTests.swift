import Foundation
import Glibc
import LoansAdapters
import Testing

@Suite struct ChangeHookTests {
    /// Firing reaps only the hooks it started: a child someone else started, already exited,
    /// is still there for its owner to collect.
    @Test func firingAHookNeverCollectsAnotherChild() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("loans"), withIntermediateDirectories: false)
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: folder.file("loans/on-change")))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("loans/on-change"))
        let hook = ChangeHook(variable: { $0 == "XDG_CONFIG_HOME" ? Array(folder.path.utf8) : nil })
        var other = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&other, "/bin/true", nil, nil, argv, environ) == 0)
        var info = siginfo_t()
        #expect(waitid(P_PID, id_t(other), &info, WEXITED | WNOWAIT) == 0)
        hook.fire()
        hook.fire()
        var status: Int32 = 0
        #expect(waitpid(other, &status, 0) == other)
    }
}
