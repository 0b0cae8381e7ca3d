import Glibc

/// How loans names itself to a PostgreSQL server, so `pg_stat_activity` shows who is connected:
/// `loans user@host` (the user from `USER`/`LOGNAME`, else the numeric uid).
enum ClientName {
    static let applicationName: String = "loans \(user)@\(host)"

    private static var user: String {
        for name in ["USER", "LOGNAME"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return String(geteuid())
    }

    private static var host: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
