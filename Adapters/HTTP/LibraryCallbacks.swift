import CMicroHTTPD
import Glibc

/// The functions libmicrohttpd calls, as C function pointers with no captures: each finds the
/// server (`ServerCore`) or the request (`RequestContext`) or the stream in the context pointer
/// it was registered with and hands over at once.
enum LibraryCallbacks {
    /// The request line has arrived (the URI log callback): the request's context is made here,
    /// holding the target exactly as sent, before the library decodes it.
    static let requestArrived: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        _, uri, _ in
        let target = uri.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
        return Unmanaged.passRetained(RequestContext(target: target)).toOpaque()
    }

    /// The library's access handler: called once the header fields are in, once per piece of
    /// body, and once the request is whole.
    static let access: MHD_AccessHandlerCallback = { cls, connection, _, method, version, data, size, slot in
        guard let cls, let connection, let size, let context = slot?.pointee else { return .NO }
        return Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().handle(
            connection, Unmanaged<RequestContext>.fromOpaque(context).takeUnretainedValue(),
            method: method, version: version, data: data, size: size
        )
    }

    /// The request is over (answered, failed, timed out, or the client left): log it, free it.
    static let completed: MHD_RequestCompletedCallback = { cls, connection, slot, _ in
        guard let cls, let slot, let context = slot.pointee else { return }
        slot.pointee = nil
        Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().completed(
            Unmanaged<RequestContext>.fromOpaque(context).takeRetainedValue(), connection
        )
    }

    /// A connection was accepted or closed.
    static let connection: MHD_NotifyConnectionCallback = { cls, _, _, code in
        guard let cls else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        if code == .CONNECTION_NOTIFY_STARTED { core.connectionOpened() } else { core.connectionClosed() }
    }

    /// The library's log, formatted with vsnprintf.
    static let logged: MHD_LogCallback = { cls, format, arguments in
        guard let cls, let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().libraryLogged(text.trimmingNewlines())
    }

    /// One piece of a form field from the POST processor.
    static let formField: MHD_PostDataIterator = { cls, _, key, _, _, _, data, offset, size in
        guard let cls, let key else { return .NO }
        Unmanaged<RequestContext>.fromOpaque(cls).takeUnretainedValue().addField(name: key, data: data, offset: offset, size: size)
        return .YES
    }

    /// The library wants more of a stream's body.
    static let streamRead: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
        guard let cls, let buffer else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
        return Unmanaged<HTTPStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, capacity: capacity)
    }

    /// The library is done with a stream's answer.
    static let streamFreed: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<HTTPStream>.fromOpaque(cls).takeRetainedValue().release()
    }

    /// One value of a connection (a header field, a query argument, a cookie) into a list.
    static let value: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls else { return .NO }
        let list = cls.assumingMemoryBound(to: [(name: [UInt8], value: [UInt8])].self)
        let name = key.map { Array(UnsafeRawBufferPointer(start: $0, count: keySize)) } ?? []
        let text = value.map { Array(UnsafeRawBufferPointer(start: $0, count: valueSize)) } ?? []
        list.pointee.append((name, text))
        return .YES
    }
}

extension String {
    fileprivate func trimmingNewlines() -> String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
