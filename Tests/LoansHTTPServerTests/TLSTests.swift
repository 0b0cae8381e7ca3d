import Foundation
import Glibc
import LoansHTTPServer
import LoansTestSupport
import Testing

/// TLS by the library's own GnuTLS, with a self-signed certificate made by openssl and checked
/// by a real client (curl --cacert).
@Suite struct TLSTests {
    /// A self-signed certificate for 127.0.0.1 and its key (mode 0600), in a folder of its own.
    struct Files {
        let folder: String
        var certificate: String { folder + "/cert.pem" }
        var key: String { folder + "/key.pem" }

        init() throws {
            folder = NSTemporaryDirectory() + "loans-tls-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let made = try ProgramRun("/usr/bin/openssl", [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
            ])
            guard made.status == 0 else { throw HarnessError("openssl req failed: \(made.err)") }
            chmod(folder + "/key.pem", 0o600)
        }

        func identity() throws -> HTTPTLSIdentity {
            try HTTPTLSIdentity.read(certificate: Array(certificate.utf8), key: Array(key.utf8))
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test func aRealClientTrustsTheCertificate() throws {
        let files = try Files()
        defer { files.remove() }
        let test = try TestServer(tls: try files.identity())
        defer { test.server.stop() }
        let url = "https://127.0.0.1:\(test.port)/secure?x=1"
        let answer = try curl(["--cacert", files.certificate, url])
        #expect(answer.status == 200, "\(answer.run.err)")
        #expect(answer.body.contains("tls true") && answer.body.contains("path /secure"), "\(answer.body)")
        let untrusted = try curl([url])
        #expect(untrusted.run.status == 60, "curl without the certificate: \(untrusted.run.err)")
        let plain = try curl(["http://127.0.0.1:\(test.port)/"])
        #expect(plain.status != 200, "plain HTTP on the TLS port was answered")
        let tls12 = try curl(["--cacert", files.certificate, "--tlsv1.2", "--tls-max", "1.2", url])
        #expect(tls12.status == 200, "TLS 1.2: \(tls12.run.err)")
        let tls11 = try curl(["--cacert", files.certificate, "--tlsv1.0", "--tls-max", "1.1", "--ciphers", "DEFAULT:@SECLEVEL=0", url])
        #expect(tls11.status != 200, "TLS 1.1 was accepted")
    }

    /// A key others may read is refused, with the file named and the fix; the ssl-cert group's
    /// 0640 is fine.
    @Test func aKeyOthersCanReadIsRefused() throws {
        let files = try Files()
        defer { files.remove() }
        chmod(files.key, 0o644)
        #expect(throws: HTTPServerError.tls("the TLS key file \(files.key) may be read or changed by others (mode 644); make it private: chmod 600 \(files.key)")) {
            try files.identity()
        }
        chmod(files.key, 0o660)
        #expect(throws: HTTPServerError.self) { try files.identity() }
        chmod(files.key, 0o640)
        #expect(throws: Never.self) { try files.identity() }
    }

    @Test func filesThatCannotBeUsedAreNamed() throws {
        let files = try Files()
        defer { files.remove() }
        let missing = files.folder + "/none.pem"
        #expect(throws: HTTPServerError.tls("cannot read the TLS certificate file \(missing): No such file or directory")) {
            try HTTPTLSIdentity.read(certificate: Array(missing.utf8), key: Array(files.key.utf8))
        }
        #expect(throws: HTTPServerError.tls("the TLS certificate file \(files.folder) is not a regular file")) {
            try HTTPTLSIdentity.read(certificate: Array(files.folder.utf8), key: Array(files.key.utf8))
        }
        // A key that is not a key: the library refuses it when the server starts.
        let bogus = files.folder + "/bogus.pem"
        try "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n".write(toFile: bogus, atomically: true, encoding: .utf8)
        chmod(bogus, 0o600)
        let identity = try HTTPTLSIdentity.read(certificate: Array(files.certificate.utf8), key: Array(bogus.utf8))
        do {
            _ = try TestServer(tls: identity)
            Issue.record("a server started with a key that is not one")
        } catch let error as HTTPServerError {
            guard case .tls(let why) = error else { Issue.record("\(error)"); return }
            #expect(why.hasPrefix("the TLS certificate or key cannot be used: "), "\(why)")
        }
    }
}
