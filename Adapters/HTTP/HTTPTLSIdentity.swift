import Glibc
import LoansSystem

/// The certificate (chain) and private key a TLS server presents, read from PEM files. The key
/// file is refused when anyone but its owner and group may read it, or anyone but its owner may
/// change it (Debian's `ssl-cert` group, mode 0640, is fine; 0644 is not); both files must be
/// regular files of at most 1 MiB. The key lives in memory loans allocated itself and is wiped
/// once the library has taken it (the library keeps its own copy, in GnuTLS).
package struct HTTPTLSIdentity: Sendable {
    let certificate: SecretBytes
    let key: SecretBytes

    /// The largest certificate or key file taken.
    static let maximumBytes = 1 << 20

    /// Reads the PEM files at these paths (bytes, as the command line gave them).
    package static func read(certificate: [UInt8], key: [UInt8]) throws(HTTPServerError) -> HTTPTLSIdentity {
        HTTPTLSIdentity(
            certificate: try read(certificate, what: "certificate", isKey: false),
            key: try read(key, what: "key", isKey: true)
        )
    }

    private static func read(_ path: [UInt8], what: String, isKey: Bool) throws(HTTPServerError) -> SecretBytes {
        let shown = printable(path)
        let file: FileDescriptor
        do {
            guard let name = SystemPath(bytes: path) else { throw Errno.noSuchFile }
            file = try FileDescriptor.open(name, .readOnly, options: [.noControllingTerminal, .nonBlocking])
        } catch {
            throw .tls("cannot read the TLS \(what) file \(shown): \(error)")
        }
        defer { file.close() }
        guard let status = try? file.status(), status.kind == .regular else {
            throw .tls("the TLS \(what) file \(shown) is not a regular file")
        }
        guard status.size <= maximumBytes else { throw .tls("the TLS \(what) file \(shown) is larger than 1 MiB") }
        if isKey, status.permissions & 0o027 != 0 {
            let mode = String(status.permissions & 0o777, radix: 8)
            throw .tls("the TLS key file \(shown) may be read or changed by others (mode \(mode)); make it private: chmod 600 \(shown)")
        }
        let bytes = SecretBytes(capacity: status.size + 1)
        var filled = 0
        while filled < bytes.capacity - 1 {
            let count: Int
            do {
                count = try file.read(into: UnsafeMutableRawBufferPointer(start: bytes.pointer + filled, count: bytes.capacity - 1 - filled))
            } catch {
                throw .tls("cannot read the TLS \(what) file \(shown): \(error)")
            }
            if count == 0 { break }
            filled += count
        }
        guard filled > 0, !UnsafeRawBufferPointer(start: bytes.pointer, count: filled).contains(0) else {
            throw .tls("the TLS \(what) file \(shown) is not a PEM file")
        }
        bytes.pointer.storeBytes(of: 0, toByteOffset: filled, as: UInt8.self)
        return bytes
    }

    /// A path for a message: UTF-8 as is, any other byte as `\xNN`.
    private static func printable(_ path: [UInt8]) -> String {
        if let text = String(validating: path, as: UTF8.self), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return text
        }
        return path.map { (0x20..<0x7F).contains($0) ? String(Unicode.Scalar($0)) : "\\x" + String($0, radix: 16) }.joined()
    }
}

/// Bytes loans allocated itself, wiped (explicit_bzero) before they are freed: the TLS key and
/// its certificate, NUL-terminated for the library.
final class SecretBytes: @unchecked Sendable {  // written once while reading, then only read
    let pointer: UnsafeMutableRawPointer
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        pointer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
    }

    /// Overwrites the bytes with zeros.
    func wipe() {
        explicit_bzero(pointer, capacity)
    }

    deinit {
        wipe()
        pointer.deallocate()
    }
}
