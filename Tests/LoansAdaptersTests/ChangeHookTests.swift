import Foundation
import Glibc
import LoansAdapters
import Testing

@Suite struct ChangeHookTests {
    /// Polls until `condition` holds, at most `patience` seconds; whether it held.
    func eventually(patience: Double = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Firing runs the hook (each firing once), and reaps only the hooks it started: a child
    /// someone else started, already exited, is still there for its owner to collect.
    @Test func firingAHookRunsItAndNeverCollectsAnotherChild() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("runs")
        try FileManager.default.createDirectory(atPath: folder.file("loans"), withIntermediateDirectories: false)
        try Data("#!/bin/sh\necho ran >> '\(log)'\n".utf8).write(to: URL(fileURLWithPath: folder.file("loans/on-change")))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("loans/on-change"))
        let hook = ChangeHook(variable: { $0 == "XDG_CONFIG_HOME" ? Array(folder.path.utf8) : nil })
        var other = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&other, "/bin/true", nil, nil, argv, environ) == 0)
        var info = siginfo_t()
        let exited = eventually { waitid(P_PID, id_t(other), &info, WEXITED | WNOWAIT | WNOHANG) == 0 && info._sifields._sigchld.si_pid == other }
        #expect(exited, "/bin/true did not exit within 30 s")

        hook.fire()
        #expect(eventually { (try? String(contentsOfFile: log, encoding: .utf8)) == "ran\n" }, "the hook did not run")
        hook.fire()
        #expect(eventually { (try? String(contentsOfFile: log, encoding: .utf8)) == "ran\nran\n" }, "the hook did not run again")

        var status: Int32 = 0
        #expect(waitpid(other, &status, WNOHANG) == other, "the other child was collected by the hook's reaping")
    }
}
