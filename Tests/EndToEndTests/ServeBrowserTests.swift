import Foundation
import LoansTestSupport
import Testing

/// A real headless Chromium (Debian's chromium and chromedriver, through python3-selenium)
/// through `loans serve`: signing in with the one-time link, the agenda, add, renew, return,
/// undo, a refused form, a CLI write appearing live, a keyboard-only walk, hostile titles that
/// run nothing, a form from another origin refused, a share link's page (no sign-in, no script,
/// no Referer) and a private feed made from the agenda, axe-core on every page, every page at
/// 320 px without scrolling sideways, the agenda at a phone's and a desktop's size in both colour
/// schemes, and signing out (`Browser/walk.py`).
@Suite struct ServeBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/walk.py").path

    @Test func aBrowserWalksThePages() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26")
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        // The links `loans share` prints are made from serve.base_url: this server's address.
        let port = try ServeProcess.freePort()
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try "serve.base_url = http://127.0.0.1:\(port)/\n".write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        let serve = try ServeProcess(loans, port: port)
        let link = try #require(serve.link, "\(serve.process.output)")
        let shots = loans.folder + "/screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        // The system's python3 (with Debian's selenium and the axe package ci/setup installs).
        let walk = try loans.run(
            "/usr/bin/python3", [ServeBrowserTests.script, serve.base, link, BinaryHarness.binary, "--screenshots", shots],
            extra: ["PATH": "/usr/bin:/bin", "HOME": loans.folder], seconds: 900
        )
        #expect(walk.status == 0 && walk.out.contains("walk: every check held"), "\(walk.out.suffix(3000))\n\(walk.err.suffix(3000))")
        for (width, height) in [(375, 812), (1280, 800)] {
            for scheme in ["light", "dark"] {
                let png = try Data(contentsOf: URL(fileURLWithPath: shots + "/agenda-\(width)x\(height)-\(scheme).png"))
                // PNG: the signature, then IHDR's width and height (big-endian) at bytes 16 and 20.
                #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                let size = (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) })
                #expect(size == (width, height), "\(width)x\(height) \(scheme): \(size)")
            }
        }
        // The browser's requests are in the log, and the server still answers.
        #expect(try serve.curl("/healthz").body == "ok\n")
    }
}
