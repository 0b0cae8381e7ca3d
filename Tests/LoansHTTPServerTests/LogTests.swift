import Foundation
import LoansHTTPServer
import LoansTestSupport
import Testing

/// One line per request, with the time, the client's address, method, path (no query string), status and duration —
/// never the query, a cookie, an Authorization header or the body.
@Suite struct LogTests {
    @Test func oneLinePerRequestWithoutSecrets() throws {
        let test = try TestServer { request in
            request.rawPath == "/missing" ? .text(404, "no") : .text(200, "ok")
        }
        defer { test.server.stop() }
        _ = try curl([
            "-b", "loans_session=SECRET-COOKIE", "-H", "Authorization: Bearer SECRET-TOKEN", "--data", "password=SECRET-BODY",
            test.base + "/login?once=SECRET-QUERY",
        ])
        _ = try curl([test.base + "/missing"])
        let lines = test.log.wait(for: 2)
        #expect(lines.count == 2)
        let login = try #require(lines.first { $0.path == "/login" })
        #expect(login.method == "POST" && login.status == 200)
        #expect(lines.first { $0.path == "/missing" }?.status == 404)
        for line in lines {
            #expect(!line.description.contains("SECRET"), "\(line)")
            #expect(line.description.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d 127\.0\.0\.1 (GET|POST) \/\S* \d{3} \d+(\.\d)? ms/) != nil, "\(line)")
        }
    }

    /// What a client put in the path cannot reach a terminal as control characters.
    @Test func pathsAreLoggedAsPrintableASCII() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send(Array("GET /caf".utf8) + [0xC3, 0xA9] + Array("/x%1B HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        _ = connection.answer()
        #expect(test.log.wait(for: 1).map(\.path) == ["/caf%C3%A9/x%1B"])
    }

    /// A request the library refused itself (a header block past its memory) is logged with the
    /// status the library answered.
    @Test func theLibrarysOwnRefusalsAreLogged() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send("GET /big HTTP/1.1\r\nHost: x\r\nX-Pad: " + String(repeating: "p", count: 100_000) + "\r\n\r\n")
        #expect(connection.status() == 431)
        let lines = test.log.wait(for: 1)
        #expect(lines.map(\.path) == ["/big"] && lines.first?.status == 431, "\(lines)")
    }
}
