import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans serve` behind a real nginx that does TLS, as Docs/Web.md tells a user to set it up:
/// serve listens on loopback in plain HTTP with `--base-url` the proxy's `https://` address,
/// nginx (Debian's, run as this user with a configuration of its own) passes every request on.
/// Through the proxy: the one-time link, a `Secure` session cookie, the server's header fields,
/// a form from the proxy's origin taken and one from another origin refused with nothing
/// written, the API's 401, and a CLI write reaching an open `/events` stream unbuffered.
@Suite struct ServeBehindNginxTests {
    /// The configuration Docs/Web.md shows, with this test's ports, files and folders.
    static func configuration(folder: String, port: Int, upstream: Int, certificate: String, key: String) -> String {
        """
        worker_processes 1;
        pid \(folder)/nginx.pid;
        error_log \(folder)/nginx-error.log;
        events { worker_connections 512; }
        http {
          access_log \(folder)/nginx-access.log;
          client_body_temp_path \(folder)/nginx-temp/body;
          proxy_temp_path \(folder)/nginx-temp/proxy;
          fastcgi_temp_path \(folder)/nginx-temp/fastcgi;
          uwsgi_temp_path \(folder)/nginx-temp/uwsgi;
          scgi_temp_path \(folder)/nginx-temp/scgi;
          server {
            listen 127.0.0.1:\(port) ssl;
            ssl_certificate \(certificate);
            ssl_certificate_key \(key);
            location / {
              proxy_pass http://127.0.0.1:\(upstream);
              proxy_http_version 1.1;
              proxy_set_header Host $http_host;
              proxy_set_header Connection "";
              proxy_read_timeout 1d;
            }
          }
        }

        """
    }

    @Test func aReverseProxyDoesTLSInFront() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let (port, upstream) = (try ServeProcess.freePort(), try ServeProcess.freePort())
        let proxied = "https://127.0.0.1:\(port)"
        try FileManager.default.createDirectory(atPath: loans.folder + "/nginx-temp", withIntermediateDirectories: true)
        let conf = loans.folder + "/nginx.conf"
        try ServeBehindNginxTests.configuration(folder: loans.folder, port: port, upstream: upstream, certificate: pem.certificate, key: pem.key)
            .write(toFile: conf, atomically: true, encoding: .utf8)
        let serve = try ServeProcess(loans, ["--base-url", proxied + "/"], port: upstream, trusting: pem.certificate, reachedAt: proxied)
        let nginx = try Subprocess(
            "/usr/sbin/nginx", ["-p", loans.folder, "-e", loans.folder + "/nginx-error.log", "-c", conf, "-g", "daemon off;"],
            environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true
        )
        defer { nginx.stop() }
        let up = eventually(patience: 30) { !nginx.isRunning || (try? serve.curl("/healthz").body) == "ok\n" }
        #expect(up && nginx.isRunning, "nginx: \(nginx.output) \((try? String(contentsOfFile: loans.folder + "/nginx-error.log", encoding: .utf8)) ?? "")")

        // Signed in through the proxy with the link made from the base URL; the cookie is Secure.
        #expect(try #require(serve.link).hasPrefix(proxied + "/login?once="))
        let csrf = try serve.signIn()
        #expect(try String(contentsOfFile: serve.jar, encoding: .utf8).split(separator: "\n").contains { $0.contains("loans_session") && $0.contains("\tTRUE\t") }, "the session cookie is Secure")
        let page = try serve.curl("/")
        #expect(page.status == 200 && page.body.contains("<bdi>Dune</bdi>"), "\(page.status) \(page.body.prefix(300))")
        ServeEndToEndTests.expectCommonHeaders(page, "/ through nginx")
        #expect(page.header("Server")?.hasPrefix("nginx") == true, "the answer came through nginx")

        // A form from the proxy's origin is taken; from another origin it is refused, unwritten.
        let added = try serve.curl("/loans", form: ["csrf": csrf, "title": "Ladder", "direction": "lent", "counterparty": "Kim", "due": "+1w"])
        #expect(added.status == 303, "\(added.status) \(added.body)")
        let foreign = try serve.curl("/loans", form: ["csrf": csrf, "title": "Rope", "direction": "lent", "counterparty": "Kim", "due": "+1w"], origin: "https://evil.example")
        #expect(foreign.status == 403)
        let titles = try loans.must("list", "--all")
        #expect(titles.contains("Ladder") && !titles.contains("Rope"), "\(titles)")

        // The API without a session is 401 with a JSON error, through the proxy as well.
        let anonymous = try loans.run("/usr/bin/curl", ["-s", "-i", "--max-time", "20", "--cacert", pem.certificate, proxied + "/api/v1/agenda"], seconds: 30)
        #expect(Reply(anonymous.out).status == 401 && Reply(anonymous.out).header("Content-Type")?.hasPrefix("application/json") == true, "\(anonymous.out)")

        // A CLI write reaches a stream open through the proxy (nothing holds the events back).
        let events = try Subprocess(
            "/usr/bin/curl", ["-s", "-i", "-N", "--max-time", "60", "--cacert", pem.certificate, "-b", serve.jar, proxied + "/events"], environment: loans.environment
        )
        defer { events.stop() }
        #expect(eventually(patience: 20) { events.output.contains("text/event-stream") }, "the stream opened: \(events.output)")
        try loans.must("add", "Tent", "--to", "Sam", "--due", "+3d")
        #expect(eventually(patience: 20) { events.output.contains("event: change\ndata: ") }, "\(events.output)")
    }
}
