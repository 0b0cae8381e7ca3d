import Foundation
import Glibc
import LoansTestSupport
import Testing

/// A real nginx (Debian's, run as this user with a configuration of its own) doing TLS with a
/// self-signed certificate on a free loopback port, serving a site of Docs/Deployment.md as the
/// guide writes it: its `listen 443`, certificate files, log files and upstream ports
/// (`127.0.0.1:8742`, `:8743` …) put in for this test's, so the test runs the guide's site and
/// not a copy.
final class NginxProxy {
    let process: Subprocess
    let port: Int
    let folder: String
    /// `https://127.0.0.1:PORT`.
    var origin: String { "https://127.0.0.1:\(port)" }

    /// Starts nginx with the guide's site `site` (```` ```nginx site ````), its upstreams on
    /// `upstreams` in order; waits (with a deadline) until it answers.
    init(site: String, upstreams: [Int], folder: String, certificate: (certificate: String, key: String)) throws {
        self.folder = folder
        port = try ServeProcess.freePort()
        var text = try DeploymentGuide().block(site, language: "nginx")
        var replacements = [
            ("listen 443 ssl;", "listen 127.0.0.1:\(port) ssl;"), ("/etc/ssl/certs/loans.example.org.pem", certificate.certificate),
            ("/etc/ssl/private/loans.example.org.key", certificate.key),
        ]
        for (index, upstream) in upstreams.enumerated() { replacements.append(("127.0.0.1:\(8742 + index)", "127.0.0.1:\(upstream)")) }
        for (written, used) in replacements {
            guard text.contains(written) else { throw HarnessError("the guide's nginx \(site) has no \(written)") }
            text = text.replacingOccurrences(of: written, with: used)
        }
        // Its logs go to the test's folder: /var/log/nginx/access.log is FOLDER/nginx-access.log.
        text = text.replacingOccurrences(of: "/var/log/nginx/", with: folder + "/nginx-")
        try FileManager.default.createDirectory(atPath: folder + "/nginx-temp", withIntermediateDirectories: true)
        let conf = folder + "/nginx-\(port).conf"
        try NginxProxy.configuration(folder: folder, site: text, port: port).write(toFile: conf, atomically: true, encoding: .utf8)
        process = try Subprocess(
            "/usr/sbin/nginx", ["-p", folder, "-e", folder + "/nginx-error.log", "-c", conf, "-g", "daemon off;"],
            environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true
        )
    }

    deinit {
        process.stop()
    }

    /// nginx's own lines around a site: its files in the test's folder, nothing of the system's.
    static func configuration(folder: String, site: String, port: Int) -> String {
        """
        worker_processes 1;
        pid \(folder)/nginx-\(port).pid;
        error_log \(folder)/nginx-error.log;
        events { worker_connections 512; }
        http {
          access_log \(folder)/nginx-access.log;
          client_body_temp_path \(folder)/nginx-temp/body;
          proxy_temp_path \(folder)/nginx-temp/proxy;
          fastcgi_temp_path \(folder)/nginx-temp/fastcgi;
          uwsgi_temp_path \(folder)/nginx-temp/uwsgi;
          scgi_temp_path \(folder)/nginx-temp/scgi;
        \(site)
        }

        """
    }

    /// What went wrong, for a failed expectation.
    var diagnosis: String {
        "nginx: \(process.output) \((try? String(contentsOfFile: folder + "/nginx-error.log", encoding: .utf8)) ?? "")"
    }
}
