import Foundation
import LoansHTTPServer
import LoansTestSupport
import Testing

/// The request a handler gets is what the client sent, parsed by the library: method, raw path and
/// decoded segments, query, header fields, cookies, forms, bodies, the client's address.
/// Text that is not UTF-8 or holds a NUL never reaches a handler.
@Suite struct RequestTests {
    @Test func aGetArrivesWithItsPartsDecoded() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let answer = try curl([
            "-A", "loans-test", "-b", "loans_session=abc; theme=dark",
            test.base + "/loans/a%2Fb/c%20d/?q=fish+chips&empty=&q=%C3%A9",
        ])
        #expect(answer.status == 200, "\(answer.run.err)")
        #expect(answer.body.contains("method GET"))
        #expect(answer.body.contains("path /loans/a%2Fb/c%20d/\n"))
        #expect(answer.body.contains(#"segments ["loans", "a/b", "c d", ""]"#))
        #expect(answer.body.contains(#"query ["q: fish chips", "empty: ", "q: é"]"#))
        #expect(answer.body.contains(#"cookies ["loans_session: abc", "theme: dark"]"#))
        #expect(answer.body.contains("form none"))
        #expect(answer.body.contains("client 127.0.0.1 loopback true"))
        #expect(answer.body.contains("tls false"))
        #expect(answer.body.contains("agent loans-test"))
    }

    @Test func theRootHasNoSegments() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let answer = try curl([test.base + "/"])
        #expect(answer.body.contains("path /\nsegments []"), "\(answer.body)")
    }

    /// Forms are decoded by the library's POST processor, urlencoded or multipart; an empty field
    /// is there, empty.
    @Test func formsArriveAsFields() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let plain = try curl(["--data", "title=Dune+Messiah&note=&due=2026-05-01&amp=a%26b", test.base + "/loans"])
        #expect(plain.body.contains(#"form ["title: Dune Messiah", "note: ", "due: 2026-05-01", "amp: a&b"]"#), "\(plain.body)")
        #expect(plain.body.contains("method POST"))
        let multipart = try curl(["-F", "title=Dune", "-F", "note=", test.base + "/loans"])
        #expect(multipart.body.contains(#"form ["title: Dune", "note: "]"#), "\(multipart.body)")
        let long = String(repeating: "é", count: 10_000)
        let big = try curl(["--data-urlencode", "note=" + long, test.base + "/loans"])
        #expect(big.body.contains("form [\"note: \(long)\"]"), "a long value, which the library hands over in pieces, arrives whole")
    }

    /// A body that is not a form arrives as bytes.
    @Test func otherBodiesArriveAsBytes() throws {
        let test = try TestServer { request in .text(200, "\(request.body.count) \(String(decoding: request.body, as: UTF8.self)) \(request.form == nil)") }
        defer { test.server.stop() }
        let json = try curl(["-H", "Content-Type: application/json", "--data", #"{"a":1}"#, test.base + "/api"])
        #expect(json.body == "7 {\"a\":1} true\n", "\(json.body)")
    }

    /// Bytes that are not UTF-8, or a NUL, anywhere a handler would read text: 400 from the server,
    /// and the handler never called.
    @Test func textThatIsNotUTF8IsRefused() throws {
        let calls = Collected<String>()
        let test = try TestServer { request in
            calls.append(request.rawPath)
            return .text(200, "ok")
        }
        defer { test.server.stop() }
        let requests: [[UInt8]] = [
            Array("GET /%FF HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /a%00b HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /?q=%C3 HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /?q=a%00b HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n".utf8.prefix(5)) + [0xE9] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET / HTTP/1.1\r\nHost: x\r\nX-Name: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8),
            Array("GET / HTTP/1.1\r\nHost: x\r\nCookie: s=caf".utf8) + [0xFF] + Array("\r\n\r\n".utf8),
            Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\ntitle=%FF".utf8),
            Array("GET http://elsewhere/ HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
        ]
        for bytes in requests {
            let connection = try RawConnection(port: test.port)
            try connection.send(bytes)
            let status = connection.status()
            #expect(status == 400, "\(String(decoding: bytes, as: UTF8.self).debugDescription) got \(status.map(String.init) ?? "nothing")")
        }
        #expect(calls.all.isEmpty, "the handler saw \(calls.all)")
    }

    @Test func aFormThatIsNotUTF8IsRefused() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        #expect(try curl(["--data", "title=%FF", test.base + "/loans"]).status == 400)
        #expect(try curl(["--data", "title=a%00b", test.base + "/loans"]).status == 400)
        #expect(try curl(["--data", "title=ok", test.base + "/loans"]).status == 200)
    }

    /// HEAD is answered like GET, without the body (the library leaves it out).
    @Test func headHasNoBody() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send("HEAD /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let answer = connection.answer()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.contains("Content-Length: "), "\(answer)")
        #expect(!answer.contains("method HEAD"), "\(answer)")
    }

    @Test func ipv6LiteralsListenAndReportTheirClient() throws {
        let test = try TestServer(listen: "[::1]:0")
        defer { test.server.stop() }
        #expect(test.server.address.description == "[::1]:\(test.port)")
        let answer = try curl(["-g", "http://[::1]:\(test.port)/six"])
        #expect(answer.body.contains("client ::1 loopback true"), "\(answer.body) \(answer.run.err)")
    }

    /// `[::]` takes IPv4 too, and an IPv4 client is reported as the IPv4 address it is.
    @Test func everyAddressTakesIPv4Too() throws {
        let test = try TestServer(listen: "[::]:0")
        defer { test.server.stop() }
        let answer = try curl(["http://127.0.0.1:\(test.port)/four"])
        #expect(answer.body.contains("client 127.0.0.1 loopback true"), "\(answer.body) \(answer.run.err)")
    }

    /// A handler's answer goes out as given: status, header fields, body.
    @Test func theAnswerIsSentAsGiven() throws {
        let test = try TestServer { _ in
            HTTPAnswer(status: 303, headers: [HTTPField("Location", "/loans/3"), HTTPField("X-Mine", "yes")], body: .bytes(Array("moved".utf8)))
        }
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send("POST /loans HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        let answer = connection.answer()
        #expect(answer.hasPrefix("HTTP/1.1 303"), "\(answer)")
        #expect(answer.contains("\r\nLocation: /loans/3\r\n") && answer.contains("\r\nX-Mine: yes\r\n"), "\(answer)")
        #expect(answer.hasSuffix("\r\n\r\nmoved"), "\(answer)")
    }

    /// The common header fields go on every answer without its own — the server's refusals too.
    @Test func commonHeadersGoOnEveryAnswer() throws {
        let test = try TestServer(commonHeaders: [HTTPField("X-Content-Type-Options", "nosniff"), HTTPField("Referrer-Policy", "same-origin")]) { request in
            request.rawPath == "/share" ? HTTPAnswer(status: 200, headers: [HTTPField("referrer-policy", "no-referrer")]) : .text(200, "ok")
        }
        defer { test.server.stop() }
        for (request, policy) in [
            ("GET /page HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "Referrer-Policy: same-origin"),
            ("GET /share HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "referrer-policy: no-referrer"),
            ("GET /%FF HTTP/1.1\r\nHost: x\r\n\r\n", "Referrer-Policy: same-origin"),
            ("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", "Referrer-Policy: same-origin"),
        ] {
            let connection = try RawConnection(port: test.port)
            try connection.send(request)
            let answer = connection.read { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
            let head = String(decoding: answer.bytes, as: UTF8.self)
            #expect(head.contains("\r\nX-Content-Type-Options: nosniff\r\n") && head.contains("\r\n\(policy)\r\n"), "\(head)")
            #expect(head.lowercased().components(separatedBy: "referrer-policy").count == 2, "two Referrer-Policy fields: \(head)")
        }
    }

    /// A header field that would split the answer (a line break in it) is refused by the library,
    /// and the server answers 500 instead of sending it.
    @Test func anAnswerThatWouldSplitIsA500() throws {
        let test = try TestServer { _ in HTTPAnswer(status: 200, headers: [HTTPField("X-Evil", "a\r\nSet-Cookie: x=1")]) }
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let answer = connection.answer()
        #expect(answer.hasPrefix("HTTP/1.1 500"), "\(answer)")
        #expect(!answer.contains("Set-Cookie"), "\(answer)")
    }
}
