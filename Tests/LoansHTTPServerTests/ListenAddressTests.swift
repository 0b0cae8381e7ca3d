import LoansHTTPServer
import Testing

/// `--listen` values: IPv4 and bracketed IPv6 literals and `localhost`, a port from 0 to 65535.
@Suite struct ListenAddressTests {
    @Test func literalsAndLocalhost() throws {
        let cases: [(String, String, UInt16, Bool)] = [
            ("127.0.0.1:8742", "127.0.0.1", 8742, true), ("0.0.0.0:80", "0.0.0.0", 80, false),
            ("[::1]:8742", "::1", 8742, true), ("[::]:0", "::", 0, false), ("localhost:65535", "localhost", 65535, true),
            ("192.168.1.20:8742", "192.168.1.20", 8742, false), ("127.5.6.7:1", "127.5.6.7", 1, true),
        ]
        for (text, host, port, loopback) in cases {
            let address = try HTTPListenAddress(parsing: text)
            #expect(address.host == host && address.port == port && address.isLoopback == loopback, "\(text)")
            #expect(address.description == text)
        }
    }

    @Test func anythingElseIsRefusedWithTheForm() {
        for text in ["", "8742", "127.0.0.1", "127.0.0.1:", ":8742", "127.0.0.1:65536", "127.0.0.1:-1", "127.0.0.1:+80",
                     "127.0.0.1:8742x", "::1:8742", "[::1]8742", "[::1", "[127.0.0.1]:80", "example.org:80", "1.2.3:80",
                     "01.2.3.4:80", "[fe80::1%eth0]:80", "127.0.0.1:000080"] {
            #expect(throws: HTTPServerError.self, "\(text)") { try HTTPListenAddress(parsing: text) }
        }
        #expect(throws: HTTPServerError.badAddress("not an address to listen on: write an IPv6 address in brackets, e.g. [::1]:8742")) {
            try HTTPListenAddress(parsing: "::1:8742")
        }
    }
}
