import Foundation
import Glibc
import Testing

/// What `loans calendar --output` may write to: through a symbolic link only where the kernel
/// itself would follow it (never a link another user planted in a sticky folder such as /tmp),
/// never over a FIFO, a device or a folder, and never with set-id bits or other people's write
/// bits copied from a file that was there.
@Suite struct CalendarOutputTargetTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    func calendar(_ path: String) throws -> BinaryHarness.Result {
        try loans.run(BinaryHarness.binary, ["calendar", "--output", path])
    }

    func contents(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Runs a program as the unprivileged user `nobody` (the other user of a shared machine).
    func asNobody(_ program: String, _ arguments: String...) throws {
        let run = try loans.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", program] + arguments)
        #expect(run.status == 0 && run.err.isEmpty, "\(program) \(arguments) as nobody: \(run.err)")
    }

    @Test func aLinkAnotherUserPlantedInAStickyFolderIsNeverFollowed() throws {
        defer { loans.remove() }
        #expect(getuid() == 0, "planting another user's link needs root: the suite runs as root in CI")
        guard getuid() == 0 else { return }
        #expect(chmod(loans.folder, 0o755) == 0)
        let shared = loans.folder + "/shared"
        #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o1777) == 0, "a folder like /tmp: anyone writes, sticky")
        let victim = loans.folder + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let planted = shared + "/loans.ics"
        try asNobody("/bin/ln", "-s", victim, planted)
        let refused = try calendar(planted)
        #expect(refused.status == 74, "\(refused.err)")
        #expect(refused.err.hasPrefix("loans: cannot write \"\(planted)\": it is a link another user made in a folder anyone can write to"), "\(refused.err)")
        #expect(contents(victim) == "precious\n", "the link's target was left as it was")
        #expect(kind(planted) == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["loans.ics"], "no temporary file is left")

        // The kernel follows one's own link there, and another user's in a folder not sticky.
        let own = shared + "/own.ics"
        #expect(symlink(loans.folder + "/mine.ics", own) == 0)
        #expect(try calendar(own).status == 0)
        #expect(contents(loans.folder + "/mine.ics")?.hasPrefix("BEGIN:VCALENDAR\r\n") == true)
        let open = loans.folder + "/open"
        #expect(mkdir(open, 0o777) == 0 && chmod(open, 0o777) == 0)
        try asNobody("/bin/ln", "-s", loans.folder + "/theirs.ics", open + "/theirs.ics")
        #expect(try calendar(open + "/theirs.ics").status == 0)
        #expect(contents(loans.folder + "/theirs.ics")?.hasPrefix("BEGIN:VCALENDAR\r\n") == true)
    }

    @Test func aFIFOADeviceOrAFolderIsRefusedAndLeftAsItWas() throws {
        defer { loans.remove() }
        let fifo = loans.folder + "/fifo.ics"
        #expect(mkfifo(fifo, 0o644) == 0)
        let device = loans.folder + "/null.ics"
        #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "a device node like /dev/null")
        let linkToDevice = loans.folder + "/link.ics"
        #expect(symlink(device, linkToDevice) == 0)
        let folder = loans.folder + "/folder.ics"
        #expect(mkdir(folder, 0o755) == 0)
        for (path, what) in [(fifo, S_IFIFO), (device, S_IFCHR), (linkToDevice, S_IFLNK), (folder, S_IFDIR)] {
            let refused = try calendar(path)
            #expect(refused.status == 74, "\(path): \(refused.err)")
            #expect(refused.err.hasPrefix("loans: cannot write \"\(path)\": "), "\(refused.err)")
            #expect(refused.err.contains("is not a regular file") || refused.err.contains("is a folder"), "\(refused.err)")
            #expect(kind(path) == what, "\(path) was left as it was")
        }
        #expect(kind(device) == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: loans.folder).filter { $0.hasPrefix(".") } == [], "no temporary file is left")
    }

    @Test func aFeedNeverTakesSetIDOrOtherPeoplesWriteBits() throws {
        defer { loans.remove() }
        let path = loans.folder + "/feed.ics"
        func permissions() -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        for (planted, kept) in [(mode_t(0o6777), mode_t(0o644)), (0o4755, 0o644), (0o0640, 0o640), (0o0600, 0o600), (0o1666, 0o644)] {
            try "planted\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, planted) == 0)
            #expect(try calendar(path).status == 0)
            #expect(permissions() == kept, "a file that was \(String(planted, radix: 8)) becomes \(String(permissions(), radix: 8))")
        }
    }
}
