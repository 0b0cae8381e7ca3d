import Foundation
import Glibc

/// A TCP connection a test drives byte by byte: for what curl would not send (bytes that are not
/// UTF-8, a dribbling client, a silent one) and for reading exactly what the server sends.
package final class RawConnection: @unchecked Sendable {  // a descriptor; each test uses one from one thread at a time
    package let descriptor: Int32

    /// Connects to `host` (an IPv4 literal) on `port`, from `source` if given (any 127.x address
    /// is this machine).
    package init(port: UInt16, host: String = "127.0.0.1", source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        if let source {
            var local = RawConnection.address(source, 0)
            let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard bound == 0 else { throw HarnessError("bind \(source): \(String(cString: strerror(errno)))") }
        }
        var remote = RawConnection.address(host, port)
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else {
            let why = String(cString: strerror(errno))
            close(descriptor)
            throw HarnessError("connect to \(host):\(port): \(why)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// True when connecting to 127.0.0.1:`port` is refused (nothing listens); false when the
    /// connection is made, or still pending after a second (a backlog that nobody accepts from).
    package static func isRefused(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        defer { close(descriptor) }
        var remote = address("127.0.0.1", port)
        let started = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        if started == 0 { return false }
        if errno == ECONNREFUSED { return true }
        var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&watched, 1, 1000) > 0 else { return false }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        return error == ECONNREFUSED
    }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw HarnessError("send: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Reads until `done` says the bytes so far suffice, the server closes, or `seconds` pass.
    package func read(seconds: Double = 30, until done: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], closed: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(bytes) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return (bytes, false) }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (bytes, true) }
            bytes += buffer[..<count]
        }
        return (bytes, false)
    }

    /// Reads one whole answer (until the server closes, or `seconds`) as text.
    package func answer(seconds: Double = 30) -> String {
        String(decoding: read(seconds: seconds).bytes, as: UTF8.self)
    }

    /// The status code of the first answer read, once its status line is in.
    package func status(seconds: Double = 30) -> Int? {
        let read = read(seconds: seconds) { $0.count >= 12 && $0.contains(UInt8(ascii: "\n")) }
        let line = String(decoding: read.bytes.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    private static func address(_ host: String, _ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        _ = inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }
}
