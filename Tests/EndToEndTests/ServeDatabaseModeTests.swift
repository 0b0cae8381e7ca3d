import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans serve` keeps the web's password and session hashes in the database, so it serves a
/// database file only when no one but its owner may change it and no one outside its group may
/// read it (0600, 0640 or stricter), unless told otherwise (`--allow-readable`, with a warning);
/// a database it makes is its owner's alone.
@Suite struct ServeDatabaseModeTests {
    let loans: BinaryHarness
    let file: String

    init() throws {
        loans = try ServeEndToEndTests.seeded()
        file = loans.folder + "/loans.db"
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A file others may read or its group may change is refused (exit 77, the mode named), and
    /// left as it was: not a byte written.
    @Test(arguments: [0o644, 0o604, 0o660, 0o620, 0o606] as [mode_t])
    func aDatabaseOthersMayReadIsRefused(_ permissions: mode_t) throws {
        defer { loans.remove() }
        #expect(chmod(file, permissions) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let serve = try ServeProcess(loans)
        // Its whole output: the exit can be seen before the pipe is read to its end.
        let (code, output) = serve.process.finish()
        #expect(code == 77, "serve ran on a database of mode \(String(permissions, radix: 8)): \(output)")
        let shown = "0" + String(permissions, radix: 8)
        #expect(output.contains("mode \(shown)") && output.contains("--allow-readable"), "\(output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before && mode(file) == permissions)
    }

    /// 0600, 0640 (the owner's bits are the owner's business) are served without a word about
    /// the mode.
    @Test(arguments: [0o600, 0o640, 0o740] as [mode_t])
    func aDatabaseOnlyItsOwnerAndGroupMayReadIsServed(_ permissions: mode_t) throws {
        defer { loans.remove() }
        #expect(chmod(file, permissions) == 0)
        let serve = try ServeProcess(loans)
        #expect(serve.process.isRunning, "\(serve.process.output)")
        #expect(!serve.process.output.contains("mode 0"), "\(serve.process.output)")
    }

    /// `--allow-readable` serves a readable database, warning at start.
    @Test func allowReadableServesWithAWarning() throws {
        defer { loans.remove() }
        #expect(chmod(file, 0o644) == 0)
        let serve = try ServeProcess(loans, ["--allow-readable"])
        #expect(serve.process.isRunning, "\(serve.process.output)")
        let warning = try #require(serve.process.lines.first { $0.hasPrefix("loans: warning:") }, "\(serve.process.output)")
        #expect(warning.contains("mode 0644") && warning.contains("\"\(file)\""), "\(warning)")
        #expect(try serve.signIn().isEmpty == false)
    }

    /// A symbolic link to the database is judged by the file it leads to, as the store opens
    /// that file: a link to a readable file is refused, a link to a private one served.
    @Test func aLinkIsJudgedByTheFileItLeadsTo() throws {
        defer { loans.remove() }
        let link = loans.folder + "/linked.db"
        #expect(symlink(file, link) == 0)
        #expect(chmod(file, 0o644) == 0)
        let refused = try ServeProcess(loans, ["--db", link])
        #expect(refused.process.waitForExit() && refused.process.exitCode == 77, "\(refused.process.output)")
        #expect(chmod(file, 0o600) == 0)
        let served = try ServeProcess(loans, ["--db", link])
        #expect(served.process.isRunning, "\(served.process.output)")
    }

    /// A database that does not exist yet is made by serve for its owner alone (0600), whatever
    /// the umask would give a new file.
    @Test func aNewDatabaseIsItsOwnersAlone() throws {
        defer { loans.remove() }
        let fresh = loans.folder + "/fresh.db"
        let serve = try ServeProcess(loans, ["--db", fresh])
        #expect(serve.process.isRunning, "\(serve.process.output)")
        #expect(mode(fresh) == 0o600, "mode \(String(mode(fresh), radix: 8))")
    }
}
