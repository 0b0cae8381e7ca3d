import LoansHTTPServer
import Testing

/// A reverse proxy's forwarded fields: believed only when a proxy is trusted and only from this
/// machine; the right-most `X-Forwarded-For` entry only, parsed as an address; a field written
/// wrong says nothing (never half of it), and nothing a client writes traps.
@Suite struct ProxyForwardingTests {
    static let proxy = HTTPClient(host: "127.0.0.1", port: 40_000, isLoopback: true)
    static let stranger = HTTPClient(host: "192.0.2.7", port: 40_000, isLoopback: false)

    static func fields(_ pairs: [(String, String)]) -> [HTTPField] {
        pairs.map { HTTPField($0.0, $0.1) }
    }

    @Test func theRightMostAddressIsTheOneTheProxyAdded() {
        let read = ProxyForwarding.read(ProxyForwardingTests.fields([("X-Forwarded-For", "10.9.9.9, 198.51.100.4 , 203.0.113.5"), ("X-Forwarded-Proto", "https")]))
        #expect(read.client == HTTPClient(host: "203.0.113.5", port: nil, isLoopback: false))
        #expect(read.isHTTPS == true)
        // Several fields are one list: the last field's last entry.
        let split = ProxyForwarding.read(ProxyForwardingTests.fields([("x-forwarded-for", "203.0.113.5"), ("X-FORWARDED-FOR", "198.51.100.4")]))
        #expect(split.client?.host == "198.51.100.4")
    }

    /// The client's own entries left of it are never read: garbage there changes nothing.
    @Test func whatTheClientWroteBeforeItIsNotRead() {
        let read = ProxyForwarding.read(ProxyForwardingTests.fields([("X-Forwarded-For", "<script>, ;;; ,\u{7F}, 198.51.100.4")]))
        #expect(read.client?.host == "198.51.100.4")
    }

    @Test func addressesAreParsedAndWrittenOneWay() {
        let cases: [(String, String, Bool)] = [
            ("2001:DB8:0:0::1", "2001:db8::1", false), ("::1", "::1", true), ("::ffff:203.0.113.5", "203.0.113.5", false),
            ("127.3.4.5", "127.3.4.5", true), ("\t192.0.2.1 ", "192.0.2.1", false), ("::ffff:127.0.0.1", "127.0.0.1", true),
        ]
        for (sent, kept, loopback) in cases {
            let client = ProxyForwarding.read([HTTPField("X-Forwarded-For", sent)]).client
            #expect(client == HTTPClient(host: kept, port: nil, isLoopback: loopback), "\(sent)")
        }
    }

    /// Anything but an address makes the field say nothing.
    @Test func aMalformedAddressSaysNothing() {
        let refused = [
            "", " ", ",", "203.0.113.5,", "localhost", "example.org", "203.0.113.5:8080", "[2001:db8::1]", "[2001:db8::1]:443",
            "fe80::1%eth0", "203.0.113", "203.0.113.5.6", "256.1.1.1", "01.2.3.4", "1.2.3.4 5", "unknown", "_hidden",
            "203.0.113.5\u{0}", "2001:db8::1::2", String(repeating: "1", count: 100_000), "١٢٣.١.١.١", "203.0.113.5\r\nX-Evil: 1",
        ]
        for value in refused {
            #expect(ProxyForwarding.read([HTTPField("X-Forwarded-For", value)]).client == nil, "\(value.debugDescription.prefix(80))")
        }
    }

    @Test func theSchemeIsHTTPOrHTTPSAndOnlyOne() {
        func scheme(_ values: [String]) -> Bool? {
            ProxyForwarding.read(values.map { HTTPField("X-Forwarded-Proto", $0) }).isHTTPS
        }
        #expect(scheme(["https"]) == true && scheme([" HTTPS "]) == true && scheme(["http"]) == false)
        for wrong in [["ftp"], ["https, http"], ["https", "https"], [""], ["https;"], ["wss"]] {
            #expect(scheme(wrong) == nil, "\(wrong)")
        }
        #expect(scheme([]) == nil)
    }

    /// Trusted only from this machine and only when told.
    @Test func onlyATrustedProxyOnThisMachineIsBelieved() {
        let headers = ProxyForwardingTests.fields([("X-Forwarded-For", "203.0.113.5"), ("X-Forwarded-Proto", "https")])
        let trusted = ProxyForwarding.origin(peer: ProxyForwardingTests.proxy, isTLS: false, headers: headers, trustsProxy: true)
        #expect(trusted.client.host == "203.0.113.5" && trusted.client.port == nil && trusted.isTLS)
        let untold = ProxyForwarding.origin(peer: ProxyForwardingTests.proxy, isTLS: false, headers: headers, trustsProxy: false)
        #expect(untold.client == ProxyForwardingTests.proxy && !untold.isTLS)
        let remote = ProxyForwarding.origin(peer: ProxyForwardingTests.stranger, isTLS: false, headers: headers, trustsProxy: true)
        #expect(remote.client == ProxyForwardingTests.stranger && !remote.isTLS)
    }

    /// The server hands the handler, and writes to the log, the address a trusted proxy
    /// forwarded; untrusted, the same fields change nothing.
    @Test func theServerTakesWhatATrustedProxyForwarded() throws {
        let forwarded = ["-H", "X-Forwarded-For: 198.51.100.9, 2001:DB8::7", "-H", "X-Forwarded-Proto: https"]
        let trusting = try TestServer(trustsProxy: true)
        defer { trusting.server.stop() }
        let believed = try curl(forwarded + [trusting.base + "/"])
        #expect(believed.body.contains("client 2001:db8::7 loopback false\ntls true"), "\(believed.body)")
        #expect(trusting.log.wait(for: 1).map(\.client) == ["2001:db8::7"])
        #expect(trusting.log.all.first?.description.contains(" 2001:db8::7 GET / 200 ") == true, "\(trusting.log.all)")
        let wrong = try curl(["-H", "X-Forwarded-For: 2001:db8::7, evil.example", trusting.base + "/"])
        #expect(wrong.body.contains("client 127.0.0.1 loopback true\ntls false"), "\(wrong.body)")

        let plain = try TestServer()
        defer { plain.server.stop() }
        let ignored = try curl(forwarded + [plain.base + "/"])
        #expect(ignored.body.contains("client 127.0.0.1 loopback true\ntls false"), "\(ignored.body)")
        #expect(plain.log.wait(for: 1).map(\.client) == ["127.0.0.1"])
    }

    /// Each field stands alone: a bad address keeps the peer and still takes a good scheme; the
    /// server's own TLS stands when the proxy names no scheme.
    @Test func eachFieldStandsAlone() {
        let badAddress = ProxyForwarding.origin(
            peer: ProxyForwardingTests.proxy, isTLS: false, headers: ProxyForwardingTests.fields([("X-Forwarded-For", "nonsense"), ("X-Forwarded-Proto", "https")]),
            trustsProxy: true
        )
        #expect(badAddress.client == ProxyForwardingTests.proxy && badAddress.isTLS)
        let noScheme = ProxyForwarding.origin(peer: ProxyForwardingTests.proxy, isTLS: true, headers: [HTTPField("X-Forwarded-For", "203.0.113.5")], trustsProxy: true)
        #expect(noScheme.client.host == "203.0.113.5" && noScheme.isTLS)
    }
}
