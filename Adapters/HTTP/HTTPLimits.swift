/// What one request and the whole server may take (Docs/Web.md explains each and who enforces it).
package enum HTTPLimits {
    /// The request line and header fields together; more is `431`.
    package static let headerBytes = 16 * 1024
    /// The request target (path and query string, as sent); a longer one is `414`.
    package static let targetBytes = 8 * 1024
    /// A request body, whose `Content-Length` says its size (a body sent with a
    /// `Transfer-Encoding` is refused); a longer one is `413` before the body is read.
    package static let bodyBytes = 64 * 1024
    /// A connection that sends and receives nothing for this long is closed by the library.
    package static let idleSeconds: UInt32 = 10
    /// Open connections the server serves; a request on one more is `503`.
    package static let connections = 256
    /// Connections past `connections` that are still accepted, only to be answered `503`; past
    /// these the library accepts no more until one closes (they wait in the kernel's backlog).
    package static let overflowConnections = 64
    /// How long a stop lets the requests in flight finish.
    package static let drainSeconds = 5.0
    /// Each connection's memory for the request it reads and the headers it answers (the
    /// library's pool): room for the largest header block allowed, with its bookkeeping.
    static let connectionMemory = 64 * 1024
}
