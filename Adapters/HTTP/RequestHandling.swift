import CMicroHTTPD
import Glibc

/// How a request goes through the server: refused at once if the server cannot or must not take
/// it, its body collected within the limit, then handed to the handler whole, and the answer
/// queued with the library — at once, or once a deferred answer is given.
extension ServerCore {
    /// The size of one piece of a stream the library asks for.
    private static let streamBlock = 16 * 1024
    /// `MHD_SIZE_UNKNOWN`, a macro Swift does not import: a body of unknown length.
    private static let unknownSize = UInt64.max
    /// The buffer of the library's POST processor: the longest field name it takes.
    private static let formBuffer = 4096

    /// One call of the library's access handler (see `LibraryCallbacks.access`).
    func handle(
        _ connection: OpaquePointer, _ context: RequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch context.phase {
        case .headers:
            context.phase = .body
            context.method = method.map { String(cString: $0) }
            context.inFlight = true
            context.origin = origin(connection)
            requestBegan()
            if let refusal = refusal(connection, context, version: version.map { String(cString: $0) } ?? "") {
                return queue(refusal, on: connection, context)
            }
            context.postProcessor = library.createPostProcessor(connection, ServerCore.formBuffer, LibraryCallbacks.formField, Unmanaged.passUnretained(context).toOpaque())
            return .YES
        case .body where size.pointee > 0:
            context.take(UnsafeRawBufferPointer(start: data, count: size.pointee), library)
            size.pointee = 0
            return .YES
        case .body:
            context.phase = .answered
            guard context.finishForm(library) else {
                return queue(.text(400, "The request's form is malformed."), on: connection, context)
            }
            guard let request = request(connection, context) else {
                return queue(.text(400, "The request is malformed: its path, query, header fields, cookies or form are not UTF-8 text without NUL."), on: connection, context)
            }
            let answer = handler(request)
            guard case .later(let deferred) = answer.body else { return queue(answer, on: connection, context) }
            guard let given = wait(for: deferred, on: connection, context) else { return .YES }
            return queue(given, on: connection, context)
        case .waiting(let deferred):
            guard let given = answered(deferred, context) else { return .YES }
            return queue(given, on: connection, context)
        case .answered:
            return .NO
        }
    }

    /// Why a request whose header fields just arrived is answered at once, or nil to take it. An
    /// answer given now leaves the body unread and the connection closed after it.
    private func refusal(_ connection: OpaquePointer, _ context: RequestContext, version: String) -> HTTPAnswer? {
        if isStopping { return .text(503, "The server is stopping.") }
        if openConnections > HTTPLimits.connections {
            var busy = HTTPAnswer.text(503, "The server has too many connections; try again shortly.")
            busy.headers.append(HTTPField("Retry-After", "1"))
            return busy
        }
        if let refusal = framingRefusal(connection, context, version: version) { return refusal }
        let headerSize = loans_mhd_connection_info(library.connectionInfo, connection, .CONNECTION_INFO_REQUEST_HEADER_SIZE)?.pointee.header_size ?? 0
        if headerSize > HTTPLimits.headerBytes { return .text(431, "The request's header fields are larger than 16 KiB.") }
        if let length = value(connection, .HEADER_KIND, "Content-Length").flatMap({ UInt64(String(decoding: $0, as: UTF8.self)) }),
           length > UInt64(HTTPLimits.bodyBytes) {
            return .text(413, "The request's body is larger than 64 KiB.")
        }
        return nil
    }

    /// Hands `answer` to the library for this connection; an answer the library refuses (a
    /// header field with a line break, a status out of range, a stream already answering) is
    /// replaced by `500`.
    private func queue(_ answer: HTTPAnswer, on connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        guard let response = response(answer, on: connection, context) else {
            let failure = HTTPAnswer.text(500, "The server could not make its answer.")
            guard let fallback = response(failure, on: connection, context) else { return .NO }
            return send(fallback, status: failure.status, on: connection, context)
        }
        return send(response, status: answer.status, on: connection, context)
    }

    private func send(_ response: OpaquePointer, status: Int, on connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        if isStopping { _ = library.addResponseHeader(response, "Connection", "close") }
        let queued = library.queueResponse(connection, UInt32(status), response)
        library.destroyResponse(response)  // the library keeps its own reference until sent
        context.status = status
        return queued
    }

    /// The library's response for `answer`, or nil if it cannot be one.
    private func response(_ answer: HTTPAnswer, on connection: OpaquePointer, _ context: RequestContext) -> OpaquePointer? {
        guard (200...999).contains(answer.status) else { return nil }
        let response: OpaquePointer?
        switch answer.body {
        case .bytes(let bytes):
            response = bytes.withUnsafeBytes { library.responseFromBuffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY) }
        case .stream(let stream):
            response = streamResponse(stream, on: connection, context)
        case .later:
            response = nil  // a deferred answer's own answer is never deferred again
        }
        guard let response else { return nil }
        let own = Set(answer.headers.map { $0.name.lowercased() })
        for field in answer.headers + commonHeaders.filter({ !own.contains($0.name.lowercased()) }) {
            let clean = [field.name, field.value].allSatisfy { !$0.utf8.contains(0) }
            guard clean, library.addResponseHeader(response, field.name, field.value) == .YES else {
                library.destroyResponse(response)
                return nil
            }
        }
        return response
    }

    /// A response whose body is read from `stream` as it is written; the request stops counting
    /// as in flight (a stop ends streams instead of waiting for them).
    private func streamResponse(_ stream: HTTPStream, on connection: OpaquePointer, _ context: RequestContext) -> OpaquePointer? {
        guard let id = streams.register(stream) else {
            stream.finish()
            return library.responseFromBuffer(0, nil, .RESPMEM_PERSISTENT)
        }
        guard let worker = worker(of: connection),
              stream.attach(to: connection, library, worker: worker, onRelease: { [streams] in streams.released(id) })
        else {
            streams.released(id)
            return nil
        }
        let reader = Unmanaged.passRetained(stream).toOpaque()
        guard let response = library.responseFromCallback(ServerCore.unknownSize, ServerCore.streamBlock, LibraryCallbacks.streamRead, reader, LibraryCallbacks.streamFreed) else {
            Unmanaged<HTTPStream>.fromOpaque(reader).takeRetainedValue().release()
            return nil
        }
        if let socket = loans_mhd_connection_info(library.connectionInfo, connection, .CONNECTION_INFO_CONNECTION_FD)?.pointee.connect_fd {
            hangups.watch(socket, stream: id)
        }
        if context.inFlight {
            context.inFlight = false
            requestEnded()
        }
        return response
    }

    /// The request is over: it stops counting, and its line goes to the log.
    func completed(_ context: RequestContext, _ connection: OpaquePointer?) {
        if context.inFlight { requestEnded() }
        if let processor = context.postProcessor { _ = library.destroyPostProcessor(processor) }
        var status = context.status
        if status == nil, let connection, let info = loans_mhd_connection_info(library.connectionInfo, connection, .CONNECTION_INFO_HTTP_STATUS) {
            status = Int(info.pointee.http_status)  // the library's own answer (a header block too large, say)
        }
        let path = context.target.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        let client = context.origin ?? connection.flatMap { origin($0) }
        log(HTTPRequestLog(
            time: context.arrived, client: client?.client.host ?? "-", method: HTTPRequestLog.printable((context.method ?? "-").utf8), path: HTTPRequestLog.printable(path),
            status: status, milliseconds: context.milliseconds
        ))
    }

    /// The first value of `name` of this kind (header names compare without case), as bytes.
    func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> [UInt8]? {
        var found: UnsafePointer<CChar>?
        var length = 0
        guard library.lookupValue(connection, kind, name, name.utf8.count, &found, &length) == .YES, let found else { return nil }
        return Array(UnsafeRawBufferPointer(start: found, count: length))
    }
}
