import Foundation
import Glibc
import LoansTestSupport
import Testing

/// A store for the tests of share links and private calendar feeds, on a SQLite file or on a
/// PostgreSQL server (its own database), with a config file whose `serve.base_url` is the address
/// its `loans serve` will listen on, so the links `loans share` and `loans account feed` print
/// are the ones curl follows.
struct SharingHousehold {
    enum Engine: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    var loans: BinaryHarness
    /// The port `serve` will listen on (chosen first, for the base URL).
    let port: Int
    /// `http://127.0.0.1:PORT/`.
    var base: String { "http://127.0.0.1:\(port)/" }

    /// A store with loans with Alice both ways (one overdue, one with a note), one with Bob, one
    /// returned to Alice and one with Alice Cooper (another person whose name holds hers).
    init(_ engine: Engine) throws {
        loans = try BinaryHarness()
        if engine == .postgres {
            let server = try PostgresServer.shared()
            loans.environment["LOANS_DB"] = server.url(try server.createDatabase())
        }
        port = try ServeProcess.freePort()
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try "serve.base_url = http://127.0.0.1:\(port)/\n".write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26", "--lent", "2026-11-01")
        try loans.must("add", "Dune", "--from", "alice", "--due", "2026-12-03", "--lent", "2026-11-02", "--note", "secret note about Dune")
        try loans.must("add", "Tent", "--to", "Bob", "--due", "2026-12-01")
        try loans.must("add", "Ladder", "--to", "Alice", "--due", "2026-11-20", "--lent", "2026-11-01")
        try loans.must("return", "4", "--on", "2026-11-21")
        try loans.must("add", "Kettle", "--to", "Alice Cooper", "--due", "2026-12-02")
    }

    func remove() {
        loans.remove()
    }

    /// `loans serve` on the chosen port.
    func serve() throws -> ServeProcess {
        let serve = try ServeProcess(loans, port: port)
        #expect(serve.process.isRunning, "\(serve.process.output)")
        return serve
    }

    /// The path of a link printed as `BASE…`.
    func path(of link: String) throws -> String {
        let line = link.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix(base), "\(line)")
        return "/" + line.dropFirst(base.count)
    }

    /// The name the pages give the store's owner: the full name in the password database of the
    /// user serve runs as (before the first comma), else that user's login name.
    static func owner() throws -> String {
        let entry = try Tool.run("/usr/bin/getent", ["passwd", String(geteuid())]).trimmingCharacters(in: .newlines).split(separator: ":", omittingEmptySubsequences: false)
        let full = entry.count > 4 ? String(entry[4].prefix { $0 != "," }) : ""
        return full.trimmingCharacters(in: .whitespaces).isEmpty ? String(entry[0]) : full
    }

    /// A page's text without its markup, its entities read back: what a person reads.
    static func text(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The header fields a share page and a feed carry, besides every answer's.
    static func expectPrivateHeaders(_ reply: Reply, cache: String = "no-store", _ what: String) {
        #expect(reply.header("Referrer-Policy") == "no-referrer", "\(what)")
        #expect(reply.header("X-Robots-Tag") == "noindex", "\(what)")
        #expect(reply.header("Cache-Control") == cache, "\(what)")
        #expect(reply.header("Content-Security-Policy") == ServeEndToEndTests.policy, "\(what)")
        #expect(reply.header("X-Content-Type-Options") == "nosniff", "\(what)")
    }
}
