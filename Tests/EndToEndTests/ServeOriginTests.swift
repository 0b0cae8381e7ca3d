import Foundation
import LoansTestSupport
import Testing

/// A state change must come from this server's own origin — its scheme, host and port, all
/// three: a plain-HTTP page on the same name is another origin. And a request that names more
/// than one origin (two `Origin` fields, or two `Referer` fields) names none it can be trusted
/// for: `403`, whatever their order, and nothing written.
@Suite struct ServeOriginTests {
    /// The session cookie's value from serve's cookie jar (curl keeps a `Secure` cookie from an
    /// `https://` base and would not send it over plain HTTP; a client that does is what this
    /// checks).
    static func session(_ serve: ServeProcess) throws -> String {
        let jar = try String(contentsOfFile: serve.jar, encoding: .utf8)
        let line = try #require(jar.split(separator: "\n").first { $0.contains("\tloans_session\t") }, "\(jar)")
        return String(try #require(line.split(separator: "\t").last))
    }

    /// `POST /loans` adding a loan titled `title`, with exactly the header fields given (and the
    /// session's cookie and token); returns the status.
    static func add(_ serve: ServeProcess, _ title: String, csrf: String, cookie: String, headers: [String]) throws -> Int {
        let form = ["csrf": csrf, "title": title, "direction": "lent", "counterparty": "Kim", "due": "+1w"]
        return try serve.curl("/loans", form: form, headers: headers + ["Cookie: loans_session=\(cookie)"], origin: .some(nil)).status
    }

    /// A cookie's value from an answer's `Set-Cookie` fields.
    static func cookie(_ name: String, in reply: Reply) throws -> String {
        let field = try #require(reply.all("Set-Cookie").first { $0.hasPrefix(name + "=") }, "\(reply.headers)")
        return String(field.dropFirst(name.count + 1).prefix { $0 != ";" })
    }

    @Test func anHTTPSBaseRefusesAPlainHTTPOriginOfTheSameName() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans, ["--base-url", "https://loans.example.org/"])
        // Signed in as a browser on https://loans.example.org is (behind a proxy that does TLS):
        // its cookies are Secure, sent here by hand.
        let host = "Host: loans.example.org"
        let link = try #require(serve.link, "\(serve.process.output)")
        let once = String(try #require(link.split(separator: "=").last))
        let form = try serve.curl("/login?once=" + once, headers: [host])
        let signIn = try ServeOriginTests.cookie("loans_signin", in: form)
        let started = try serve.curl(
            "/login", form: ["csrf": try #require(ServeProcess.csrf(in: form.body)), "once": once],
            headers: [host, "Cookie: loans_signin=\(signIn)", "Origin: https://loans.example.org"], origin: .some(nil)
        )
        #expect(started.status == 303, "\(started.status) \(started.body)")
        let cookie = try ServeOriginTests.cookie("loans_session", in: started)
        let page = try serve.curl("/", headers: ["Cookie: loans_session=\(cookie)"])
        let csrf = try #require(ServeProcess.csrf(in: page.body), "not signed in: \(page.status)")
        #expect(try ServeOriginTests.add(serve, "Plain", csrf: csrf, cookie: cookie, headers: [host, "Origin: http://loans.example.org"]) == 403)
        #expect(try ServeOriginTests.add(serve, "Plain port", csrf: csrf, cookie: cookie, headers: [host, "Origin: http://loans.example.org:443"]) == 403)
        #expect(try ServeOriginTests.add(serve, "Referred", csrf: csrf, cookie: cookie, headers: [host, "Referer: http://loans.example.org/"]) == 403)
        #expect(try ServeOriginTests.add(serve, "Secure", csrf: csrf, cookie: cookie, headers: [host, "Origin: https://loans.example.org"]) == 303)
        #expect(try ServeOriginTests.add(serve, "Default port", csrf: csrf, cookie: cookie, headers: [host, "Origin: https://LOANS.example.org:443"]) == 303)
        let titles = try loans.must("list")
        #expect(titles.contains("Secure") && titles.contains("Default port") && !titles.contains("Plain") && !titles.contains("Referred"), "\(titles)")
    }

    @Test func aPlainServerRefusesAnHTTPSOriginOfItsOwnAddress() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let csrf = try serve.signIn()
        let cookie = try ServeOriginTests.session(serve)
        let own = "127.0.0.1:\(serve.port)"
        #expect(try ServeOriginTests.add(serve, "Secure", csrf: csrf, cookie: cookie, headers: ["Origin: https://\(own)"]) == 403)
        #expect(try ServeOriginTests.add(serve, "Other port", csrf: csrf, cookie: cookie, headers: ["Origin: http://127.0.0.1:1"]) == 403)
        #expect(try ServeOriginTests.add(serve, "Plain", csrf: csrf, cookie: cookie, headers: ["Origin: http://\(own)"]) == 303)
        #expect(!(try loans.must("list")).contains("Secure"))
    }

    @Test func moreThanOneOriginOrRefererIsRefusedWhateverTheirOrder() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let csrf = try serve.signIn()
        let cookie = try ServeOriginTests.session(serve)
        let good = "http://127.0.0.1:\(serve.port)"
        let cases: [[String]] = [
            ["Origin: \(good)", "Origin: http://evil.example"], ["Origin: http://evil.example", "Origin: \(good)"],
            ["Origin: \(good)", "Origin: \(good)"], ["Referer: \(good)/", "Referer: http://evil.example/"],
            ["Referer: http://evil.example/", "Referer: \(good)/loans/1"], ["Origin: \(good)", "Referer: \(good)/", "Referer: http://evil.example/"],
        ]
        for (index, headers) in cases.enumerated() {
            #expect(try ServeOriginTests.add(serve, "Twice \(index)", csrf: csrf, cookie: cookie, headers: headers) == 403, "\(headers)")
        }
        #expect(try ServeOriginTests.add(serve, "Once", csrf: csrf, cookie: cookie, headers: ["Origin: \(good)", "Referer: \(good)/"]) == 303)
        let titles = try loans.must("list")
        #expect(!titles.contains("Twice") && titles.contains("Once"), "\(titles)")
    }
}
