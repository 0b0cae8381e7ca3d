import Foundation
import LoansHTTPServer
import LoansTestSupport
import Testing

/// The request a handler gets is what the client sent, parsed by the library: method, raw path and
/// decoded segments, query, header fields, cookies, forms, chunked bodies, the client's address.
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
}
