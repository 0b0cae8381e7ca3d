import Foundation
import Testing

/// One version, in every place that says it: `loans --version`, the man page's title line and
/// CHANGELOG.md's newest entry (the Debian package takes the binary's: `DebianPackageTests`).
@Suite struct VersionTests {
    @Test func theBinaryTheManPageAndTheChangelogAgree() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let said = try loans.must("--version")
        let version = try #require(said.wholeMatch(of: #/loans ([0-9]+\.[0-9]+\.[0-9]+)\n/#)).1
        let changelog = try String(contentsOfFile: InstallTests.repository + "/CHANGELOG.md", encoding: .utf8)
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") }, "CHANGELOG.md has no entry")
        let entry = try #require(newest.wholeMatch(of: #/## ([0-9]+\.[0-9]+\.[0-9]+) — ([0-9]{4}-[0-9]{2}-[0-9]{2})/#), "\(newest)")
        #expect(entry.1 == version, "CHANGELOG.md's newest entry is \(entry.1); loans --version says \(version)")
        let title = try #require(try loans.must("help", "--man").split(separator: "\n").first { $0.hasPrefix(".TH ") })
        #expect(title == ".TH LOANS 1 \(entry.2) \"loans \(version)\" \"User Commands\"", "the man page's date and version are the newest entry's")
    }
}
