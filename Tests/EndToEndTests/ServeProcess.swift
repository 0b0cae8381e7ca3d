import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans serve` running for a test, on a port of its own, with curl as its client: started
/// first, then waited for (its "serving on" line, within a deadline), signed in with the
/// one-time link it printed, and stopped with SIGTERM at the end.
final class ServeProcess {
    let loans: BinaryHarness
    let port: Int
    let process: Subprocess
    /// curl's cookie jar: one browser's cookies. Another jar is another person on the same server.
    var jar: String
    /// `https` when it serves TLS itself; curl then trusts `certificate`.
    let scheme: String
    let certificate: String?
    /// Where curl reaches it: itself, or a reverse proxy in front (`reachedAt`).
    let base: String
    /// More of curl's arguments for every request (`--interface 127.0.0.5`: another address of
    /// this machine to come from).
    var clientArguments: [String] = []

    /// Starts `program serve --listen 127.0.0.1:PORT` plus `arguments`, with the harness's
    /// environment (and `extra`); waits until it serves (or ended). curl trusts `certificate`
    /// and goes to `reachedAt` (`SCHEME://HOST:PORT`) when given, to the server itself otherwise.
    init(
        _ loans: BinaryHarness, _ arguments: [String] = [], extra: [String: String] = [:], program: String = BinaryHarness.binary, port: Int? = nil,
        trusting certificate: String? = nil, reachedAt: String? = nil
    ) throws {
        self.loans = loans
        self.certificate = certificate
        scheme = certificate == nil || reachedAt != nil ? "http" : "https"
        self.port = try port ?? ServeProcess.freePort()
        base = reachedAt ?? "\(scheme)://127.0.0.1:\(self.port)"
        jar = loans.folder + "/cookies-\(self.port).txt"
        process = try Subprocess(
            program, ["serve", "--listen", "127.0.0.1:\(self.port)"] + arguments, environment: loans.environment.merging(extra) { $1 },
            mergeErrors: true
        )
        _ = eventually(patience: 30) { process.output.contains("loans: serving on") || !process.isRunning }
    }

    deinit {
        process.stop()
    }

    /// The one-time link it printed, if it did.
    var link: String? {
        guard let line = process.lines.first(where: { $0.contains("/login?once=") }), let start = line.range(of: "http") else { return nil }
        return String(line[start.lowerBound...])
    }

    /// Signs in with the link: GET it (where curl reaches the server, whatever base the link was
    /// made from), then POST its form. Returns the session's CSRF token.
    @discardableResult
    func signIn() throws -> String {
        let link = try #require(link, "no sign-in link in: \(process.output)")
        let path = try #require(link.range(of: "/login?once=")).lowerBound
        let page = try curl(String(link[path...]))
        let csrf = try #require(ServeProcess.csrf(in: page.body), "no form: \(page.body)")
        let once = String(link.split(separator: "=").last ?? "")
        let answer = try curl("/login", form: ["csrf": csrf, "once": once])
        #expect(answer.status == 303, "sign-in: \(answer.status) \(answer.body)")
        let home = try curl("/")
        return try #require(ServeProcess.csrf(in: home.body), "not signed in: \(home.status)")
    }

    /// The first CSRF field's value in a page.
    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    /// One request with curl (its cookies kept in the jar): `path` on this server or a whole URL,
    /// a form when given (POSTed from this server's origin unless `origin` says otherwise).
    func curl(
        _ path: String, form: [String: String]? = nil, headers: [String] = [], origin: String?? = .none, method: String? = nil, extra: [String] = []
    ) throws -> Reply {
        var arguments = ["-s", "-S", "-i", "--max-time", "20", "-b", jar, "-c", jar] + clientArguments
        if let certificate { arguments += ["--cacert", certificate] }
        if let method { arguments += ["-X", method] }
        for header in headers { arguments += ["-H", header] }
        if let form {
            let sender: String? = switch origin {
            case .none: base
            case .some(let given): given
            }
            if let sender { arguments += ["-H", "Origin: \(sender)"] }
            for (name, value) in form.sorted(by: { $0.key < $1.key }) { arguments += ["--data-urlencode", "\(name)=\(value)"] }
        }
        arguments += extra + [path.hasPrefix("http") ? path : base + path]
        let run = try loans.run("/usr/bin/curl", arguments, seconds: 30)
        return Reply(run.out)
    }

    /// A page's live stream: curl holding `/events` open (for at most `seconds`), returned once
    /// the server's opening comment has come, so a write made after this call is one the stream
    /// must tell of.
    func openEvents(seconds: Int = 60) throws -> Subprocess {
        var arguments = ["-s", "-N", "--max-time", String(seconds), "-b", jar] + clientArguments
        if let certificate { arguments += ["--cacert", certificate] }
        let events = try Subprocess("/usr/bin/curl", arguments + [base + "/events"], environment: loans.environment)
        guard eventually(patience: 20, { events.output.contains(": open\n") }) else {
            events.stop()
            throw HarnessError("the stream never opened: \(events.output)")
        }
        return events
    }

    /// A free port on loopback (the kernel's choice, released for the server to take).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw HarnessError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// An HTTP answer as `curl -i` printed it: the last status line's code, its header fields, the body.
struct Reply {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: String

    init(_ output: String) {
        var rest = Substring(output)
        var status = 0
        var headers: [(String, String)] = []
        // `curl -i` prints every answer's head (100 Continue too); the last one is the answer.
        while rest.hasPrefix("HTTP/"), let end = rest.range(of: "\r\n\r\n") {
            let head = rest[..<end.lowerBound].components(separatedBy: "\r\n")
            status = Int(head[0].split(separator: " ").dropFirst().first ?? "") ?? 0
            headers = head.dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            rest = rest[end.upperBound...]
        }
        self.status = status
        self.headers = headers
        body = String(rest)
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func all(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}
