import CMicroHTTPD
import Glibc

/// The request as a plain value, from what the library parsed: nil when any text in it is not
/// UTF-8 or holds a NUL (the caller answers `400`), or when its target is not a path.
extension ServerCore {
    func request(_ connection: OpaquePointer, _ context: RequestContext) -> HTTPRequest? {
        let rawPath = Array(context.target.prefix { $0 != UInt8(ascii: "?") })
        guard rawPath.first == UInt8(ascii: "/"),
              let method = context.method, let path = ServerCore.text(rawPath),
              let segments = segments(of: rawPath),
              let query = fields(connection, .GET_ARGUMENT_KIND),
              let headers = fields(connection, .HEADER_KIND),
              let cookies = fields(connection, .COOKIE_KIND),
              let origin = context.origin
        else { return nil }
        var form: [HTTPField]?
        if context.postProcessorWasMade {
            form = []
            for field in context.fields {
                guard let name = ServerCore.text(field.name), let value = ServerCore.text(field.value) else { return nil }
                form?.append(HTTPField(name, value))
            }
        }
        return HTTPRequest(
            method: method, rawPath: path, segments: segments, query: query, headers: headers, cookies: cookies, form: form,
            body: context.body, client: origin.client, isTLS: origin.isTLS
        )
    }

    /// The path's segments, each percent-decoded by the library's own unescaper.
    private func segments(of rawPath: [UInt8]) -> [String]? {
        guard rawPath.count > 1 else { return [] }
        var segments: [String] = []
        for piece in rawPath.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            var buffer = piece.map { CChar(bitPattern: $0) } + [0]
            let length = library.unescape(&buffer)
            guard let text = ServerCore.text(buffer.prefix(length).map { UInt8(bitPattern: $0) }) else { return nil }
            segments.append(text)
        }
        return segments
    }

    /// Every value of one kind, in the order the library keeps them, as text.
    private func fields(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [HTTPField]? {
        let raw = rawValues(connection, kind)
        var fields: [HTTPField] = []
        fields.reserveCapacity(raw.count)
        for (name, value) in raw {
            guard let name = ServerCore.text(name), let value = ServerCore.text(value) else { return nil }
            fields.append(HTTPField(name, value))
        }
        return fields
    }

    /// Every value of one kind, in the order the library keeps them, as the bytes it parsed.
    func rawValues(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: [UInt8], value: [UInt8])] {
        var raw: [(name: [UInt8], value: [UInt8])] = []
        _ = withUnsafeMutablePointer(to: &raw) { library.connectionValues(connection, kind, LibraryCallbacks.value, $0) }
        return raw
    }

    /// Whom the request comes from and whether over TLS: the connection's peer and the server's
    /// own TLS, or what a trusted proxy on this machine forwarded (each field it left out or
    /// wrote wrong leaves the peer's own); nil when the library knows no peer.
    func origin(_ connection: OpaquePointer) -> (client: HTTPClient, isTLS: Bool)? {
        guard let info = loans_mhd_connection_info(library.connectionInfo, connection, .CONNECTION_INFO_CLIENT_ADDRESS),
              let address = info.pointee.client_addr, let socket = SocketAddress.read(address)
        else { return nil }
        let peer = HTTPClient(host: socket.host, port: socket.port, isLoopback: socket.loopback)
        guard trustsProxy else { return (peer, isTLS) }  // the header fields are not even read
        return ProxyForwarding.origin(peer: peer, isTLS: isTLS, headers: fields(connection, .HEADER_KIND) ?? [], trustsProxy: trustsProxy)
    }

    /// The bytes as text if they are UTF-8 without NUL.
    static func text(_ bytes: some Collection<UInt8>) -> String? {
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
