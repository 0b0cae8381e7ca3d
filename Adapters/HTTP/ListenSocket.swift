import Glibc

/// The listening socket, made by loans rather than by the library so that every reason it cannot
/// be made is known exactly (an address in use is its own error), the port the kernel chose for
/// port 0 can be read back, and all of the server's workers accept from one socket. It is
/// non-blocking: the workers race for each new connection, and the losers must not wait.
enum ListenSocket {
    /// How many connections the kernel keeps waiting to be accepted (nginx's default).
    static let backlog: Int32 = 511

    /// A socket bound to `address` and listening, and the address with the port it got.
    static func open(_ address: HTTPListenAddress) throws(HTTPServerError) -> (descriptor: Int32, bound: HTTPListenAddress) {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(address, String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if address.isIPv6 {
            // `[::]` listens on IPv4 too; any other IPv6 address only on itself.
            var only: Int32 = address.bytes.allSatisfy { $0 == 0 } ? 0 : 1
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        }
        var storage = sockaddr_storage()
        let length = SocketAddress.fill(&storage, address)
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE { throw .addressInUse(address) }
            throw .cannotListen(address, String(cString: strerror(code)))
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        return (descriptor, address.with(port: SocketAddress.read(&actual)?.port ?? address.port))
    }
}

/// Conversions between socket addresses and loans' address values.
enum SocketAddress {
    /// Writes `address` into `storage`; returns the length to pass to bind(2).
    static func fill(_ storage: inout sockaddr_storage, _ address: HTTPListenAddress) -> socklen_t {
        withUnsafeMutableBytes(of: &storage) { raw in
            if address.isIPv6 {
                let v6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                v6.pointee.sin6_family = sa_family_t(AF_INET6)
                v6.pointee.sin6_port = address.port.bigEndian
                withUnsafeMutableBytes(of: &v6.pointee.sin6_addr) { $0.copyBytes(from: address.bytes) }
                return socklen_t(MemoryLayout<sockaddr_in6>.size)
            }
            let v4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
            v4.pointee.sin_family = sa_family_t(AF_INET)
            v4.pointee.sin_port = address.port.bigEndian
            withUnsafeMutableBytes(of: &v4.pointee.sin_addr) { $0.copyBytes(from: address.bytes) }
            return socklen_t(MemoryLayout<sockaddr_in>.size)
        }
    }

    /// The host and port of an IPv4 or IPv6 socket address; an IPv4 address seen through an
    /// IPv6 socket (`::ffff:a.b.c.d`) is given as the IPv4 address it is.
    static func read(_ storage: UnsafePointer<sockaddr>) -> (host: String, port: UInt16, loopback: Bool)? {
        switch Int32(storage.pointee.sa_family) {
        case AF_INET:
            return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                let host = host(ipv4: withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) })
                return (host.text, UInt16(bigEndian: v4.pointee.sin_port), host.isLoopback)
            }
        case AF_INET6:
            return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                let host = host(ipv6: withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) })
                return (host.text, UInt16(bigEndian: v6.pointee.sin6_port), host.isLoopback)
            }
        default:
            return nil
        }
    }

    static func read(_ storage: inout sockaddr_storage) -> (host: String, port: UInt16, loopback: Bool)? {
        withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { read($0) } }
    }

    /// An IPv4 address's 4 bytes as text, and whether it is in 127.0.0.0/8.
    static func host(ipv4 bytes: [UInt8]) -> (text: String, isLoopback: Bool) {
        (text(AF_INET, bytes), bytes[0] == 127)
    }

    /// An IPv6 address's 16 bytes as text (`::ffff:a.b.c.d` as the IPv4 address it is), and
    /// whether it is this machine.
    static func host(ipv6 bytes: [UInt8]) -> (text: String, isLoopback: Bool) {
        if bytes[..<12].elementsEqual([UInt8](repeating: 0, count: 10) + [0xFF, 0xFF]) { return host(ipv4: Array(bytes[12...])) }
        return (text(AF_INET6, bytes), bytes == [UInt8](repeating: 0, count: 15) + [1])
    }

    private static func text(_ family: Int32, _ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
