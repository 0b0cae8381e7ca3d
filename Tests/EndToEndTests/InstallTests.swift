import Foundation
import Testing

/// `ci/install` into a temporary prefix, as a user would run it: the stripped release binary on
/// PATH, the man page for `man -l`, and each shell finding its completions where it looks;
/// `--uninstall` leaves the prefix as it was. Every check looks in the prefix alone — never at
/// the system's folders, where the Debian package's test installs the same files meanwhile.
@Suite(.serialized) struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func installFindUninstall() throws {
        let harness = try BinaryHarness()
        defer { harness.remove() }
        let home = harness.folder
        let prefix = home + "/.local"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: prefix + "/bin/other-tool", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try ".TH OTHER 1\n".write(toFile: prefix + "/share/man/man1/other.1", atomically: true, encoding: .utf8)
        let before = try InstallTests.tree(home)

        let system = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root"]
        let shipped = try ShippedBinary.path()
        let install = try harness.run(InstallTests.repository + "/ci/install", ["--binary", shipped, "--companion", try ShippedBinary.companion(), prefix], extra: system)
        #expect(install.status == 0, "\(install.err)")
        #expect(install.out.contains("    fpath+=(\(prefix)/share/zsh/site-functions)"), "\(install.out)")
        #expect(install.out.contains("    export PATH=\"\(prefix)/bin:$PATH\""))
        for file in InstallTests.files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }

        // XDG_DATA_DIRS names no system folder: bash-completion and fish look there after the user's.
        let user = ["HOME": home, "PATH": prefix + "/bin:/usr/bin:/bin", "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_DIRS": home + "/no-data-dirs"]
        let version = try harness.run("/bin/sh", ["-c", "loans --version"], extra: user.merging(["PATH": prefix + "/bin"]) { $1 })
        let built = try harness.must("--version")
        #expect(version.status == 0 && version.out == built, "\(version.out) \(version.err)")
        let symbols = try harness.run("/usr/bin/readelf", ["-S", prefix + "/bin/loans"], extra: user)
        #expect(symbols.status == 0 && !symbols.out.contains(".symtab"), "the binary is stripped")

        let man = try harness.run("/usr/bin/man", ["-l", prefix + "/share/man/man1/loans.1"], extra: user.merging(["MANPAGER": "cat", "MANWIDTH": "80"]) { $1 })
        #expect(man.status == 0 && man.out.contains("LOANS(1)") && man.out.contains("completions"), "\(man.err)")
        let byName = try harness.run("/usr/bin/man", ["loans"], extra: user.merging(["MANPAGER": "cat", "MANPATH": prefix + "/share/man"]) { $1 })
        #expect(byName.status == 0 && byName.out.contains("LOANS(1)"), "\(byName.err)")

        // bash-completion looks in $XDG_DATA_HOME (default ~/.local/share)/bash-completion/completions
        // (and last in its own folder: extdebug names the file the function came from).
        let bash = try harness.run("/usr/bin/bash", ["--norc", "--noprofile", "-c",
            "source /usr/share/bash-completion/bash_completion && __load_completion loans && complete -p loans && shopt -s extdebug && declare -F _loans"], extra: user)
        #expect(bash.out.hasPrefix("complete -F _loans loans\n_loans ") && bash.out.hasSuffix(" \(prefix)/share/bash-completion/completions/loans\n"), "\(bash.out) \(bash.err)")
        // zsh, with the fpath line ci/install printed (and without Debian's vendor folder).
        let zsh = try harness.run("/usr/bin/zsh", ["-f", "-c",
            "fpath=(${fpath:#/usr/share/zsh/vendor-completions}); fpath+=(\(prefix)/share/zsh/site-functions); autoload -Uz compinit; compinit -u -D; autoload +X _loans; print -r -- $_comps[loans] $functions_source[_loans]"], extra: user)
        #expect(zsh.out == "_loans \(prefix)/share/zsh/site-functions/_loans\n", "\(zsh.out) \(zsh.err)")
        // fish looks in ~/.local/share/fish/vendor_completions.d.
        let fish = try harness.run("/usr/bin/fish", ["-c", "complete -C 'loans re'"], extra: user)
        #expect(Set(fish.out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }) == CompletionShellTests.re, "\(fish.out) \(fish.err)")

        // The reminder timer's units name the installed binary and verify (system mode: a user
        // manager needs a session).
        let units = ["loans-remind.service", "loans-remind.timer", "loans-serve.service"].map { prefix + "/share/systemd/user/" + $0 }
        #expect(try String(contentsOfFile: units[0], encoding: .utf8).contains("ExecStart=\(prefix)/bin/loans remind --notify\n"))
        let verify = try harness.run("/usr/bin/systemd-analyze", ["verify"] + units, extra: user)
        #expect(verify.status == 0 && verify.out.isEmpty && verify.err.isEmpty, "\(verify.out) \(verify.err)")
        // The timer's hint names units systemd can find: by name where it looks for user units,
        // else linked there by their paths first (this prefix is not under the installing HOME).
        let hint = try #require(install.out.split(separator: "\n").last { $0.contains("loans-remind.timer") }.map(String.init), "\(install.out)")
        let serveHint = try #require(install.out.split(separator: "\n").last { $0.contains("loans-serve.service") }.map(String.init), "\(install.out)")
        let searched = try harness.run("/usr/bin/systemd-analyze", ["--user", "unit-paths"], extra: system).out.split(separator: "\n").map(String.init)
        #expect(!searched.contains(prefix + "/share/systemd/user"), "the test's prefix is one systemd searches: it tests nothing")
        #expect(hint.contains("systemctl --user link \(units[0]) \(units[1]) && systemctl --user enable --now loans-remind.timer"), "\(hint)")
        #expect(serveHint.contains("systemctl --user link \(units[2]) && systemctl --user enable --now loans-serve.service"), "\(serveHint)")

        let uninstall = try harness.run(InstallTests.repository + "/ci/install", ["--uninstall", prefix], extra: system)
        #expect(uninstall.status == 0)
        let after = try InstallTests.tree(home)
        #expect(after == before, "\(Set(after.keys).symmetricDifference(before.keys).sorted())")
    }

    static let files = [
        "bin/loans", "lib/loans/loans-dynamic", "share/man/man1/loans.1", "share/bash-completion/completions/loans",
        "share/zsh/site-functions/_loans", "share/fish/vendor_completions.d/loans.fish",
        "share/systemd/user/loans-remind.service", "share/systemd/user/loans-remind.timer", "share/systemd/user/loans-serve.service",
    ]

    /// Every path under `folder` (files and folders), with each file's bytes.
    static func tree(_ folder: String) throws -> [String: Data?] {
        var result: [String: Data?] = [:]
        let manager = FileManager.default
        for path in try manager.subpathsOfDirectory(atPath: folder) where !path.hasPrefix(".local/share/fish/generated") && !path.hasPrefix(".config") && !path.hasPrefix(".cache") {
            var folderFlag: ObjCBool = false
            _ = manager.fileExists(atPath: folder + "/" + path, isDirectory: &folderFlag)
            result[path] = folderFlag.boolValue ? nil : manager.contents(atPath: folder + "/" + path)
        }
        return result
    }
}
