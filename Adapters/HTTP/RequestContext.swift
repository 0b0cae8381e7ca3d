import CMicroHTTPD
import Glibc

/// What the server knows of one request while it arrives and is answered: made when the library
/// has read the request line (its raw target is kept there, before the library decodes it), freed
/// when the library says the request is over.
final class RequestContext {
    /// Where the request is: its header fields arrived, its body is arriving, its answer is
    /// awaited (the handler gave a deferred one), it is answered.
    enum Phase { case headers, body, waiting(HTTPDeferred), answered }

    /// The request target exactly as sent (path and query string, still percent-encoded).
    let target: [UInt8]
    /// Wall-clock seconds since 1970 when the request line arrived, for the log.
    let arrived: Double
    /// Monotonic nanoseconds then, for the duration.
    let arrivedMonotonic: UInt64
    var phase = Phase.headers
    /// The method, once the library handed the request to the server.
    var method: String?
    /// True while the request counts as in flight (a stop waits for these).
    var inFlight = false
    /// The body so far (a `Content-Length` past the limit is refused before it is read).
    var body: [UInt8] = []
    var postProcessor: OpaquePointer? {
        didSet { if postProcessor != nil { postProcessorWasMade = true } }
    }
    /// True when the body is a form (the library made a POST processor for its content type).
    private(set) var postProcessorWasMade = false
    /// The form's fields as the POST processor gives them, not yet checked as UTF-8.
    var fields: [(name: [UInt8], value: [UInt8])] = []
    var formIsMalformed = false
    /// The status answered, for the log.
    var status: Int?
    /// Whom the request comes from and whether over TLS, once its header fields arrived.
    var origin: (client: HTTPClient, isTLS: Bool)?

    init(target: [UInt8]) {
        self.target = target
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        arrived = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        arrivedMonotonic = RequestContext.monotonic()
    }

    /// Takes one piece of the body: kept, and fed to the form's processor.
    func take(_ bytes: UnsafeRawBufferPointer, _ library: LibMicroHTTPD) {
        body.append(contentsOf: bytes)
        if let postProcessor, !formIsMalformed,
           library.postProcess(postProcessor, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) != .YES {
            formIsMalformed = true
        }
    }

    /// Ends the form's processing; false when the body was not a well-formed form.
    func finishForm(_ library: LibMicroHTTPD) -> Bool {
        guard let processor = postProcessor else { return true }
        postProcessor = nil
        let complete = library.destroyPostProcessor(processor) == .YES
        return complete && !formIsMalformed
    }

    /// A piece of a form field's value from the POST processor (a long value comes in pieces).
    func addField(name: UnsafePointer<CChar>, data: UnsafePointer<CChar>?, offset: UInt64, size: Int) {
        let piece = data.map { UnsafeRawBufferPointer(start: $0, count: size) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let key = Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        if offset > 0, let last = fields.indices.last, fields[last].name == key {
            fields[last].value += piece
        } else {
            fields.append((key, Array(piece)))
        }
    }

    /// How long since the request line arrived.
    var milliseconds: Double {
        Double(RequestContext.monotonic() - arrivedMonotonic) / 1e6
    }

    private static func monotonic() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
