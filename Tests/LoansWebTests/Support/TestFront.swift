import Foundation
import LoansArgon2
import LoansCore
import LoansTestSupport
import LoansText
@testable import LoansWeb
import Testing

/// A web front over a memory store and memory sign-ins, asked as a browser would: requests made
/// from a path and a form, a session made in the store, cookies kept between requests.
final class TestFront {
    let pool: MemoryPool
    let signIns = MemorySignIns()
    let front: WebFront
    var base = try! WebBaseURL(parsing: "http://127.0.0.1:8742/")
    /// The cookies the front set and has not cleared, as a browser keeps them.
    var cookies: [String: String] = [:]
    var today = Sample.today
    var written: [String] = []
    /// The address the requests come from (the sign-in limit counts against it).
    var client = "127.0.0.1"
    /// The real hasher, as `loans serve` uses it.
    static let passwords = Argon2id()

    /// With `documentPool`, documents read from a pool of their own over the same store (as
    /// `serve` gives them), else from the pages' pool.
    /// Password checks run at once, on the thread that asks (`InlineChecks`), unless `checks` says otherwise.
    init(
        loans: [Loan] = [], people: [Person] = [], base: String = "http://127.0.0.1:8742/", watches: Bool = false, documentPool: Bool = false,
        checks: any PasswordChecks = InlineChecks()
    ) {
        pool = MemoryPool(MemoryStore(loans: loans, people: people))
        self.base = try! WebBaseURL(parsing: base)
        let pool = self.pool
        let day = Sample.today
        var services = WebServices(
            readers: pool, signIns: signIns, passwords: TestFront.passwords, passwordChecks: checks, writers: pool,
            calendar: { _, sink in try sink.write(Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)) },
            now: { Now(today: day, utc: UTCTimestamp(date: day, hour: 12, minute: 0, second: 0)) },
            wallTime: { WallTime(date: $0.date, hour: $0.hour, minute: $0.minute) }, window: .standard, base: self.base,
            owner: "Sam"
        )
        services.watchesChanges = watches
        if documentPool { services.documentReaders = MemoryPool(pool.store) }
        front = WebFront(services)
    }

    var store: MemoryStore { pool.store }

    /// Signs the account `name` in (made with `role` when the store has none of that name): a
    /// session in the store, its cookie kept. Returns the CSRF token.
    @discardableResult
    func signIn(_ name: String = "alice", role: Role = .editor) throws -> String {
        let token = WebTokens.random()!
        let now = UTCTimestamp(date: today, hour: 12, minute: 0, second: 0).secondsSinceEpoch
        let account = try signIns.accounts().first { $0.name == name } ?? signIns.addAccount(name: name, role: role, passwordHash: nil, now: now)
        let person = try #require(account).person
        try signIns.startSession(SessionRecord(tokenHash: WebTokens.hash(token), person: person, startedAt: now, lastSeen: now))
        cookies[WebCookies.session] = token
        return WebTokens.csrf(forSession: token)
    }

    var csrf: String? { cookies[WebCookies.session].map(WebTokens.csrf(forSession:)) }

    /// `GET path?query`.
    func get(_ target: String, headers: [WebField] = []) -> Answer {
        send("GET", target, form: nil, headers: headers)
    }

    /// `POST path` with the form's fields, the session's CSRF token (unless `csrf` says otherwise)
    /// and this server's origin (unless `origin` says otherwise).
    func post(_ target: String, _ fields: [(String, String)] = [], csrf: String?? = .none, origin: String? = "http://127.0.0.1:8742") -> Answer {
        var form = fields.map { WebField($0.0, $0.1) }
        let token: String? = switch csrf {
        case .none: self.csrf
        case .some(let given): given
        }
        if let token { form.append(WebField("csrf", token)) }
        var headers = [WebField("Host", "127.0.0.1:8742")]
        if let origin { headers.append(WebField("Origin", origin)) }
        return send("POST", target, form: form, headers: headers)
    }

    func send(_ method: String, _ target: String, form: [WebField]?, headers: [WebField]) -> Answer {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = parts[0].split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { String($0).removingPercentEncoding ?? String($0) }
        let query: [WebField] = parts.count > 1 ? parts[1].split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            return WebField(decoded(halves[0]), halves.count > 1 ? decoded(halves[1]) : "")
        } : []
        let request = WebRequest(
            method: method, segments: segments == [""] ? [] : segments, query: query, headers: headers,
            cookies: cookies.map { WebField($0.key, $0.value) }, form: form, client: client
        )
        let answer = Answer(front.handle(request))
        for field in answer.headers where field.name == "Set-Cookie" {
            let pair = field.value.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            if field.value.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return answer
    }

    /// An answer with its body read whole (a written body run into memory).
    struct Answer {
        let status: Int
        let headers: [WebField]
        let body: String
        let answer: WebAnswer

        init(_ given: WebAnswer) {
            var answer = given
            if case .later(let start) = given.body {
                // The test's checks run on the thread that asks, so the answer is given at once.
                let later = LaterAnswer()
                start { later.answer = $0 }
                answer = later.answer ?? WebAnswer(status: 0)
            }
            self.answer = answer
            status = answer.status
            headers = answer.headers
            switch answer.body {
            case .bytes(let bytes): body = String(decoding: bytes, as: UTF8.self)
            case .written(let write):
                let sink = CapturedSink()
                try? write(sink)
                body = String(decoding: sink.bytes, as: UTF8.self)
            case .events, .later: body = ""
            }
        }

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        func headers(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
    }
}

/// A byte sink that keeps everything.
final class CapturedSink: ByteSink {
    var bytes: [UInt8] = []
    func write(_ chunk: [UInt8]) throws { bytes += chunk }
}

/// Password checks run at once on the thread that asks, or — while `full` — none taken at all.
final class InlineChecks: PasswordChecks, @unchecked Sendable {  // `full` is set by the test's one thread
    var full: Bool

    init(full: Bool = false) {
        self.full = full
    }

    func submit(_ check: @escaping @Sendable () -> Void) -> Bool {
        guard !full else { return false }
        check()
        return true
    }
}

/// The answer a `.later` body gave.
final class LaterAnswer: @unchecked Sendable {  // set and read on the test's one thread
    var answer: WebAnswer?
}
