import CMicroHTTPD

/// The checks that make a request's framing certain before its body is read, where the library
/// is more lenient than the server must be (RFC 9112): the library reads the request line and
/// the header fields and finds where the body ends; these checks, on what it parsed, refuse the
/// requests whose end two readers could see in different places. A refusal is answered before
/// the body is read, which makes the library close the connection after it (whatever follows on
/// the connection is never read as a request).
extension ServerCore {
    /// Why the request whose header fields just arrived cannot be read safely, or nil.
    func framingRefusal(_ connection: OpaquePointer, _ context: RequestContext, version: String) -> HTTPAnswer? {
        if context.target.count > HTTPLimits.targetBytes {
            return .text(414, "The request's target is longer than \(HTTPLimits.targetBytes / 1024) KiB.")
        }
        // The library takes a space inside the target (it finds the version from the end), and
        // a control character; neither is part of a target.
        if context.target.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return .text(400, "The request's target holds a space or a control character.")
        }
        let fields = rawValues(connection, .HEADER_KIND)
        if let name = fields.first(where: { !ServerCore.isToken($0.name) })?.name {
            return .text(400, "The request has a header field whose name is not a token: \(HTTPRequestLog.printable(name)).")
        }
        func count(_ name: String) -> Int {
            fields.count { $0.name.count == name.utf8.count && $0.name.map(ServerCore.lowercased).elementsEqual(name.utf8) }
        }
        // HTTP/1.0 needs no Host; the library answers every version but 1.0 to 1.9 by itself.
        if version != "HTTP/1.0", count("host") != 1 {
            return .text(400, "The request must have exactly one Host header field.")
        }
        if count("transfer-encoding") > 0 {
            return .text(400, "The server takes a request body only with a Content-Length, never a Transfer-Encoding.")
        }
        if count("content-length") > 1 {
            return .text(400, "The request has more than one Content-Length header field.")
        }
        return nil
    }

    /// Whether `name` is a field name (RFC 9110's token): letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ name: [UInt8]) -> Bool {
        !name.isEmpty && name.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
            default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
