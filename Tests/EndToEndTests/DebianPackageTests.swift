import Foundation
import Glibc
import LoansTestSupport
import Testing

/// The Debian package as a user meets it: `ci/build-deb` makes it from the shipped binary,
/// lintian reports no error and no warning, `apt-get install ./loans_….deb` installs it
/// system-wide, and what it installed works where Debian looks — `loans` on PATH, `man -w loans`,
/// a Tab in an interactive bash, the systemd units — until `apt-get remove` and `purge` leave no
/// file of it behind. It installs as root (CI runs as root); run by anyone else it fails, saying
/// so. The tests beside it that look at completions and installs never read the system's folders,
/// so the package being installed meanwhile changes nothing they see.
@Suite struct DebianPackageTests {
    static let repository = InstallTests.repository
    /// Every apt run's deadline: a lock held by another apt waits up to 120 s within it.
    static let aptSeconds: Double = 300
    static let apt = ["-y", "-q", "-o", "DPkg::Lock::Timeout=120"]

    /// What the package must hold, wherever it comes from.
    static let expected = [
        "/usr/bin/loans", "/usr/share/man/man1/loans.1.gz", "/usr/share/bash-completion/completions/loans",
        "/usr/share/zsh/vendor-completions/_loans", "/usr/share/fish/vendor_completions.d/loans.fish",
        "/usr/share/doc/loans/copyright", "/usr/share/doc/loans/changelog.Debian.gz", "/usr/share/doc/loans/changelog.gz",
    ]

    /// Every unit in `contrib/systemd`, where Debian puts a package's user units.
    static func units() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repository + "/contrib/systemd").sorted().map { "/usr/lib/systemd/user/" + $0 }
    }

    static let system = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive", "LANG": "C.UTF-8"]

    @Test func buildLintInstallUseAndRemove() throws {
        guard getuid() == 0 else {
            Issue.record("the Debian package test installs with apt-get and must run as root (as CI does); this run is uid \(getuid())")
            return
        }
        let harness = try BinaryHarness()
        defer { harness.remove() }
        // apt reads a local package as its own unprivileged user: the folder must be readable.
        chmod(harness.folder, 0o755)
        let environment = DebianPackageTests.system.merging(["HOME": harness.folder]) { $1 }
        // ci/build-deb with the runner's PATH: it asks the toolchain where the C++ runtime is.
        let toolchain = environment.merging(["PATH": (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"]) { $1 }
        let build = try ProgramRun(
            DebianPackageTests.repository + "/ci/build-deb", ["--binary", try ShippedBinary.path(), "--companion", try ShippedBinary.companion(), harness.folder + "/deb"],
            environment: toolchain, seconds: 600
        )
        try #require(build.status == 0, "ci/build-deb: \(build.err)")
        let package = build.out.trimmingCharacters(in: .newlines)
        let version = try harness.must("--version").trimmingCharacters(in: .newlines)
        let upstream = String(version.dropFirst("loans ".count))
        #expect(package == harness.folder + "/deb/loans_\(upstream)-1_amd64.deb", "\(build.out)")

        let fields = try Tool.run("/usr/bin/dpkg-deb", ["-f", package, "Version", "Depends", "Recommends"], environment: environment)
        #expect(fields.contains("Version: \(upstream)-1\n"), "the package's version is the binary's: \(fields)")
        let depends = #"(^|\n)Depends: libc6 \(<< [0-9]+\.[0-9]+\), libc6 \(>= [0-9]+\.[0-9]+\)\n"#
        #expect(fields.range(of: depends, options: .regularExpression) != nil, "a status bar needs no library: \(fields)")
        for library in ["libpq5", "libmicrohttpd12", "libargon2-1"] {
            #expect(fields.range(of: "\nRecommends: (.*, )?\(library)(,|\n)", options: .regularExpression) != nil, "\(library): \(fields)")
        }

        let lint = try ProgramRun("/usr/bin/lintian", ["--fail-on", "error,warning", package], environment: environment, seconds: 300)
        #expect(lint.status == 0 && lint.out.isEmpty, "lintian: \(lint.out) \(lint.err)")

        // A run that died half way may have left it installed: start from none.
        _ = try DebianPackageTests.purge(environment)
        let folders = Set(try DebianPackageTests.folders(of: package).filter { FileManager.default.fileExists(atPath: $0) })
        defer { _ = try? DebianPackageTests.purge(environment) }
        let install = try ProgramRun(
            "/bin/sh", ["-c", "cd \"$1\" && shift && exec apt-get \"$@\"", "sh", harness.folder + "/deb"] + DebianPackageTests.apt
                + ["install", "./" + (package as NSString).lastPathComponent],
            environment: environment, seconds: DebianPackageTests.aptSeconds
        )
        try #require(install.status == 0, "apt-get install: \(install.out) \(install.err)")
        let listed = try Tool.run("/usr/bin/dpkg", ["-L", "loans"], environment: environment).split(separator: "\n").map(String.init)
        for path in DebianPackageTests.expected + (try DebianPackageTests.units()) {
            #expect(listed.contains(path) && FileManager.default.fileExists(atPath: path), "\(path) is not installed")
        }

        let user = ["PATH": "/usr/bin:/bin", "HOME": harness.folder, "LANG": "C.UTF-8"]
        let installed = try ProgramRun("/bin/sh", ["-c", "loans --version"], environment: user)
        #expect(installed.status == 0 && installed.out == version + "\n", "\(installed.out) \(installed.err)")
        let page = try ProgramRun("/usr/bin/man", ["-w", "loans"], environment: user)
        #expect(page.status == 0 && page.out == "/usr/share/man/man1/loans.1.gz\n", "\(page.out) \(page.err)")
        try DebianPackageTests.tabInBash(harness)
        let units = listed.filter { $0.hasPrefix("/usr/lib/systemd/user/") && ($0.hasSuffix(".service") || $0.hasSuffix(".timer")) }
        #expect(units.sorted() == (try DebianPackageTests.units()), "\(units)")
        let verify = try ProgramRun("/usr/bin/systemd-analyze", ["verify"] + units, environment: user, seconds: 60)
        #expect(verify.status == 0 && verify.out.isEmpty && verify.err.isEmpty, "systemd-analyze verify: \(verify.out) \(verify.err)")
        let service = try String(contentsOfFile: "/usr/lib/systemd/user/loans-remind.service", encoding: .utf8)
        #expect(service.contains("ExecStart=/usr/bin/loans remind --notify\n"), "\(service)")

        let remove = try ProgramRun("/usr/bin/apt-get", DebianPackageTests.apt + ["remove", "loans"], environment: environment, seconds: DebianPackageTests.aptSeconds)
        #expect(remove.status == 0, "apt-get remove: \(remove.out) \(remove.err)")
        // apt-get remove alone leaves no file (the package has no conffiles to keep).
        var left: [String] = []
        for path in listed where path != "/." && !folders.contains(path) {
            var info = stat()
            if lstat(path, &info) == 0 { left.append(path) }
        }
        #expect(left.isEmpty, "left behind by apt-get remove: \(left)")
        // A local package with no conffiles is forgotten once removed (apt-get purge would no longer
        // find it); dpkg --purge clears whatever is left of it.
        let purge = try ProgramRun("/usr/bin/dpkg", ["--purge", "loans"], environment: environment, seconds: DebianPackageTests.aptSeconds)
        #expect(purge.status == 0, "dpkg --purge: \(purge.out) \(purge.err)")
        let status = try ProgramRun("/usr/bin/dpkg-query", ["-W", "-f", "${Status}", "loans"], environment: environment)
        #expect(status.status != 0 || status.out.hasPrefix("unknown") || status.out.contains("not-installed"), "\(status.out)")
    }

    /// Removes the package with everything of it, whether apt still knows it or not.
    static func purge(_ environment: [String: String]) throws -> ProgramRun {
        try ProgramRun("/usr/bin/dpkg", ["--force-remove-reinstreq", "--purge", "loans"], environment: environment, seconds: aptSeconds)
    }

    /// The folders the package lists (`dpkg-deb -c`), as installed paths.
    static func folders(of package: String) throws -> [String] {
        try Tool.run("/usr/bin/dpkg-deb", ["-c", package]).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("d"), let path = line.split(separator: " ").last else { return nil }
            let trimmed = path.hasPrefix(".") ? String(path.dropFirst()) : String(path)
            return trimmed.count > 1 && trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
        }
    }

    /// An interactive bash in a real terminal (tmux), with bash-completion as a user's
    /// `~/.bashrc` sources it: `loans re` and Tab twice lists the commands that start with
    /// "re", from the completion file the package installed (loaded on that first Tab, as
    /// bash-completion loads every command's file).
    static func tabInBash(_ harness: BinaryHarness) throws {
        var shell = harness
        shell.environment = ["HOME": harness.folder, "LANG": "C.UTF-8"]
        let pane = try TUITmuxPane(shell, command: "env PATH=/usr/bin:/bin PS1='$ ' bash --norc --noprofile -i", width: 100, height: 30)
        defer { pane.close() }
        // (tmux's capture drops the prompt's trailing space.)
        try pane.waitUntil("the prompt") { $0.hasPrefix("$") }
        try pane.type("source /usr/share/bash-completion/bash_completion; clear\n")
        try pane.waitUntil("a clean prompt") { $0.hasPrefix("$") && !$0.contains("source") }
        try pane.type("loans re")
        try pane.press("Tab")
        try pane.press("Tab")
        try pane.waitFor("redo", "remind", "remove", "renew", "reopen", "return")
        try pane.press("C-u")
        try pane.type("clear; shopt -s extdebug; declare -F _loans\n")
        try pane.waitFor("_loans ", " /usr/share/bash-completion/completions/loans")
    }
}
