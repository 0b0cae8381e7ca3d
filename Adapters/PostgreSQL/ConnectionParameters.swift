import CLibPQ
import Glibc

/// What loans gives `PQconnectStartParams`: the user's connection details as `dbname` (libpq
/// expands a URL or `key=value` words there), with loans' defaults before them — which the
/// details and libpq's environment override — and after them the one setting loans insists on.
struct ConnectionParameters {
    /// TCP keepalives of a run that keeps going: a server that vanished without closing the
    /// connection (a crash, a dropped network) is noticed after about a minute of silence.
    static let keepalives = [("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"), ("keepalives_count", "3")]

    let target: ConnectionString
    let pairs: [(keyword: String, value: String)]

    init(_ target: ConnectionString, client: PostgresClient) {
        self.target = target
        var before: [(String, String)] = [("fallback_application_name", client.applicationName)]
        if case .keepalive = client.waiting { before += ConnectionParameters.keepalives }
        // Values before `dbname` yield to the connection string's own; values after it win.
        pairs = before + [("dbname", target.text), ("client_encoding", "UTF8")]
    }

    /// Calls `body` with the keywords and values as NULL-terminated arrays of C strings.
    func withKeywordsAndValues<T>(_ body: (UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        ConnectionParameters.withCStrings(pairs.map(\.keyword)) { keywords in
            ConnectionParameters.withCStrings(pairs.map(\.value)) { values in body(keywords, values) }
        }
    }

    /// How long connecting may take in all, name resolution included: the connect timeout (the
    /// details' `connect_timeout`, else `PGCONNECT_TIMEOUT`, else loans' 2 s; at least 2 s, as
    /// libpq counts it) for each host the details list, and a second more. libpq's asynchronous
    /// connection, which loans uses, leaves the timeout to its caller (`ConnectAttempt`). Nil when
    /// the user set no timeout at all (`0`).
    func connectBudgetSeconds(_ pq: LibPQ) -> Int? {
        let given = options(pq)
        let timeout = given["connect_timeout"].flatMap { $0 } ?? ConnectionParameters.environment("PGCONNECT_TIMEOUT")
        let seconds = timeout.map { Int($0.filter { $0 != " " }) ?? PostgresConnection.defaultConnectTimeout } ?? PostgresConnection.defaultConnectTimeout
        guard seconds > 0 else { return nil }
        let hosts = [given["host"].flatMap { $0 }, given["hostaddr"].flatMap { $0 }, ConnectionParameters.environment("PGHOST")]
            .compactMap { $0 }.map { $0.split(separator: ",", omittingEmptySubsequences: false).count }.max() ?? 1
        return max(2, seconds) * max(1, hosts) + 1
    }

    /// The options the details set themselves, as libpq parses them (nothing when it cannot).
    private func options(_ pq: LibPQ) -> [String: String?] {
        guard let parsed = pq.conninfoParse(target.text, nil) else { return [:] }
        defer { pq.conninfoFree(parsed) }
        var found: [String: String?] = [:]
        var option = parsed
        while let keyword = option.pointee.keyword {
            found[String(cString: keyword)] = option.pointee.val.map { String(cString: $0) }
            option += 1
        }
        return found
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `strings` as a NULL-terminated array of C strings, valid during `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { body($0.baseAddress!) }
        }
    }
}
