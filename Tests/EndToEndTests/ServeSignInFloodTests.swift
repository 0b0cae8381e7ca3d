import Foundation
import Glibc
import LoansTestSupport
import Testing

/// A flood of failed sign-ins — each from an address and for a name of its own, so the limit on
/// failures holds none back — sent at once on raw connections: password checks wait their turn
/// in a queue of their own, a sign-in past it is `503` with `Retry-After` (the sign-in page
/// saying why), and a signed-in page is answered meanwhile.
@Suite struct ServeSignInFloodTests {
    static let flood = 64

    @Test func aFloodOfSignInsIsHeldBackWhilePagesAreServed() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        let serve = try ServeProcess(loans, ["--trust-proxy"])
        #expect(try ServeAccountTests.signIn(serve, "Quill", ServeAccountTests.password).status == 303)
        let page = try serve.curl("/login")
        let csrf = try #require(ServeProcess.csrf(in: page.body))
        let secret = try #require(page.all("Set-Cookie").first { $0.hasPrefix("loans_signin=") }?.split(separator: ";").first)
        let connections = try (0..<ServeSignInFloodTests.flood).map { _ in try RawConnection(port: UInt16(serve.port)) }
        for (index, connection) in connections.enumerated() {
            let form = "name=nobody-\(index)&password=wrong-\(index)&csrf=\(csrf)"
            try connection.send(
                "POST /login HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\nOrigin: \(serve.base)\r\nCookie: \(secret)\r\n"
                    + "X-Forwarded-For: 10.9.\(index / 200).\(index % 200 + 1)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: \(form.utf8.count)\r\nConnection: close\r\n\r\n\(form)"
            )
        }
        let home = try serve.curl("/")
        #expect(home.status == 200 && home.body.contains("<bdi>The Hobbit</bdi>"), "a page during the flood: \(home.status)")
        var statuses: [Int: Int] = [:]
        for connection in connections {
            let answer = Reply(String(decoding: connection.read(seconds: 120).bytes, as: UTF8.self))
            statuses[answer.status, default: 0] += 1
            if answer.status == 503 {
                #expect(answer.header("Retry-After").flatMap(Int.init) != nil, "\(answer.headers)")
                #expect(answer.body.contains("Too many sign-ins are being checked"), "\(answer.body.prefix(300))")
            }
        }
        #expect(Set(statuses.keys).isSubset(of: [401, 503]), "\(statuses)")
        #expect(statuses[503, default: 0] > 0, "no sign-in was held back: \(statuses)")
        #expect(statuses[401, default: 0] > 0, "no password was checked: \(statuses)")
    }
}
