import Foundation
import Glibc
import LoansTestSupport
import Testing

/// HTTPS served by loans itself, with a self-signed certificate made here by `openssl req`: the
/// dynamically linked build serves it directly; the shipped (static) binary hands the run over to
/// its installed companion, and says what is missing when there is none.
@Suite struct ServeTLSTests {
    /// A certificate for 127.0.0.1 and its private key (0600), in `folder`.
    static func certificate(in folder: String) throws -> (certificate: String, key: String) {
        let (certificate, key) = (folder + "/cert.pem", folder + "/key.pem")
        let made = try ProgramRun(
            "/usr/bin/openssl",
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1"],
            environment: ["PATH": "/usr/bin:/bin"], seconds: 60
        )
        #expect(made.status == 0, "\(made.err)")
        chmod(key, 0o600)
        return (certificate, key)
    }

    static func expectServesHTTPS(_ serve: ServeProcess) throws {
        #expect(serve.process.isRunning && serve.process.output.contains("serving on https://127.0.0.1:\(serve.port)/"), "\(serve.process.output)")
        #expect(try #require(serve.link).hasPrefix("https://127.0.0.1:\(serve.port)/login?once="))
        #expect(try serve.curl("/healthz").body == "ok\n")
        try serve.signIn()
        #expect(try String(contentsOfFile: serve.jar, encoding: .utf8).split(separator: "\n").contains { $0.contains("loans_session") && $0.contains("\tTRUE\t") }, "the session cookie is Secure")
        let page = try serve.curl("/")
        #expect(page.status == 200 && page.body.contains("<bdi>Dune</bdi>"))
        kill(serve.process.pid, SIGTERM)
        #expect(serve.process.finish(patience: 15).code == 0)
    }

    @Test func theDynamicBuildServesHTTPS() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let serve = try ServeProcess(loans, ["--tls-cert", pem.certificate, "--tls-key", pem.key], trusting: pem.certificate)
        try ServeTLSTests.expectServesHTTPS(serve)
    }

    @Test func theShippedBinaryHandsTLSToItsCompanion() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        // Laid out as ci/install lays them out.
        let prefix = loans.folder + "/prefix"
        let manager = FileManager.default
        try manager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: prefix + "/lib/loans", withIntermediateDirectories: true)
        try manager.copyItem(atPath: try ShippedBinary.path(), toPath: prefix + "/bin/loans")
        let serve = try ServeProcess(loans, ["--tls-cert", pem.certificate, "--tls-key", pem.key], program: prefix + "/bin/loans", trusting: pem.certificate)
        // Without the companion it says what is missing.
        #expect(serve.process.finish(patience: 15).code == 1)
        #expect(serve.process.output.contains("\(prefix)/bin/../lib/loans/loans-dynamic, which is not installed"), "\(serve.process.output)")
        try manager.copyItem(atPath: try ShippedBinary.companion(), toPath: prefix + "/lib/loans/loans-dynamic")
        let companion = try ServeProcess(loans, ["--tls-cert", pem.certificate, "--tls-key", pem.key], program: prefix + "/bin/loans", trusting: pem.certificate)
        let command = try String(contentsOfFile: "/proc/\(companion.process.pid)/cmdline", encoding: .utf8)
        #expect(command.hasPrefix(prefix + "/bin/../lib/loans/loans-dynamic\u{0}serve\u{0}"), "the same process runs the companion: \(command)")
        try ServeTLSTests.expectServesHTTPS(companion)
    }

    /// The shipped binary hands the run to its companion, which starts over with the same words:
    /// a password in `--db` is warned of once (by the companion, at its start), not once by each.
    @Test func theShippedBinaryWarnsOfAPasswordOnceWhenItHandsOver() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        try server.psql(database, "GRANT ALL ON DATABASE \(database) TO \(PostgresServer.guardedRole)")
        let url = "postgresql://\(PostgresServer.guardedRole):\(PostgresServer.guardedPassword)@127.0.0.1:\(server.port)/\(database)"
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let prefix = loans.folder + "/prefix"
        let manager = FileManager.default
        try manager.createDirectory(atPath: prefix + "/lib/loans", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try manager.copyItem(atPath: try ShippedBinary.path(), toPath: prefix + "/bin/loans")
        try manager.copyItem(atPath: try ShippedBinary.companion(), toPath: prefix + "/lib/loans/loans-dynamic")
        let serve = try ServeProcess(
            loans, ["--db", url, "--tls-cert", pem.certificate, "--tls-key", pem.key], program: prefix + "/bin/loans", trusting: pem.certificate
        )
        #expect(serve.process.isRunning && serve.process.output.contains("serving on https://"), "\(serve.process.output)")
        #expect(serve.process.output.components(separatedBy: PostgresPasswordTests.warning).count == 2, "\(serve.process.output)")
    }
}
