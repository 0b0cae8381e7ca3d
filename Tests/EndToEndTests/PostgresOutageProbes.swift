import Foundation
import Glibc
import LoansTestSupport

/// What the outage tests look at: the kernel's timers on a process's connections, a resolver
/// that never answers, and a large document to import.
extension PostgresOutageTests {
    /// The kernel's timer on each TCP connection of `pid` to `port`: its kind (2: keepalive) and
    /// the seconds left, from `table` (/proc/net/tcp).
    static func tcpTimers(of pid: pid_t, toPort port: Int, in table: String) -> [(kind: Int, seconds: Double)] {
        let inodes = Set(((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap { fd -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                  target.hasPrefix("socket:[") else { return nil }
            return String(target.dropFirst("socket:[".count).dropLast())
        })
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 9, inodes.contains(String(fields[9])),
                  let remote = fields[2].split(separator: ":").last, Int(remote, radix: 16) == port else { return nil }
            let timer = fields[5].split(separator: ":")
            guard let kind = Int(timer[0], radix: 16), let ticks = Int(timer[1], radix: 16) else { return nil }
            return (kind, Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK))))
        }
    }

    /// A document of `count` open loans with ids from 100 on.
    static func document(_ count: Int) -> String {
        let loans = (0..<count).map { index in
            #"{"id":\#(100 + index),"title":"Imported \#(index)","direction":"lent","counterparty":"Ann","lent_on":"2026-11-01","due_on":"2026-12-0\#(1 + index % 9)","returned_on":null,"note":null,"renewals":0,"previous_due_dates":[]}"#
        }
        return #"{"schema_version":1,"query":"all","loans":["# + loans.joined(separator: ",") + "]}"
    }
}

/// A name server that receives questions on UDP port 53 of a loopback address and never answers,
/// so a name lookup through it waits for the resolver's own timeout. Needs root (port 53), as
/// the tests have; it fails loudly otherwise.
final class SilentResolver: @unchecked Sendable {  // `asked` is only touched under `lock`
    /// The loopback address it listens on: one of 127.77.0.0/16 that no other run holds (two
    /// suites on one machine each get their own).
    let address: String
    private let socket: Int32
    private let lock = NSLock()
    private var asked = 0

    init() throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        var chosen: String?
        var lastError: Int32 = 0
        for _ in 0..<50 {
            let candidate = "127.77.\(Int.random(in: 0...255)).\(Int.random(in: 1...254))"
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(53).bigEndian
            address.sin_addr.s_addr = inet_addr(candidate)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            if bound { chosen = candidate; break }
            lastError = errno
            guard lastError == EADDRINUSE else { break }
        }
        guard let chosen else {
            close(descriptor)
            throw HarnessError("cannot bind UDP port 53 on 127.77.0.0/16 for a silent resolver (errno \(lastError)); the test needs root")
        }
        address = chosen
        socket = descriptor
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 512)
            while recv(socket, &buffer, buffer.count, 0) > 0 { lock.withLock { asked += 1 } }
        }.start()
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    /// How many questions arrived.
    var questions: Int { lock.withLock { asked } }
}
