import Foundation
import Glibc
import LoansTestSupport

/// How often the server's threads (named `http:PORT`, `http:PORT hup`) have been switched in:
/// the sum of their voluntary and involuntary context switches, read from
/// /proc/self/task/TID/status. A thread that sleeps without waking adds nothing.
enum ThreadWakeups {
    static func count(port: UInt16) throws -> (threads: Int, switches: Int) {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        var threads = 0
        var switches = 0
        for task in tasks {
            let comm = read("/proc/self/task/\(task)/comm").trimmingCharacters(in: .whitespacesAndNewlines)
            guard comm == "http:\(port)" || comm == "http:\(port) hup" else { continue }
            threads += 1
            for line in read("/proc/self/task/\(task)/status").split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                switches += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return (threads, switches)
    }

    /// The blocked-signal masks (`SigBlk`) of the server's threads.
    static func blockedSignals(port: UInt16) throws -> [UInt64] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            let comm = read("/proc/self/task/\(task)/comm").trimmingCharacters(in: .whitespacesAndNewlines)
            guard comm == "http:\(port)" || comm == "http:\(port) hup" else { return nil }
            let line = read("/proc/self/task/\(task)/status").split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
            return line.flatMap { UInt64($0.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) }
        }
    }

    /// A small /proc file, read whole with read(2) (Foundation may read such a file only in part).
    private static func read(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
