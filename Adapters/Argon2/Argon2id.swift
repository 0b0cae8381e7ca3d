import CArgon2
import Glibc
import LoansCore
import Synchronization

/// Passwords hashed with Argon2id (libargon2, RFC 9106) into the encoded form
/// `$argon2id$v=19$m=…,t=…,p=…$SALT$HASH`, which carries its own salt and parameters, so a hash
/// made with older parameters still verifies after they change. The parameters are OWASP's
/// first choice for Argon2id: 19 MiB of memory, 2 passes, 1 lane, a 16-byte salt from the
/// kernel and a 32-byte hash.
package struct Argon2id: PasswordHashing {
    package struct Parameters: Equatable, Sendable {
        /// Memory in KiB.
        package let memory: UInt32
        package let passes: UInt32
        package let lanes: UInt32
        package let saltBytes: Int
        package let hashBytes: Int

        package static let standard = Parameters(memory: 19 * 1024, passes: 2, lanes: 1, saltBytes: 16, hashBytes: 32)

        package init(memory: UInt32, passes: UInt32, lanes: UInt32, saltBytes: Int, hashBytes: Int) {
            self.memory = memory
            self.passes = passes
            self.lanes = lanes
            self.saltBytes = saltBytes
            self.hashBytes = hashBytes
        }
    }

    package let parameters: Parameters
    /// The stand-in hash (`standIn()`), made once per process.
    private let standInHash = StandIn()

    package init(_ parameters: Parameters = .standard) {
        self.parameters = parameters
    }

    package func hash(_ password: [UInt8]) throws -> String {
        var salt = [UInt8](repeating: 0, count: parameters.saltBytes)
        guard salt.withUnsafeMutableBytes({ getentropy($0.baseAddress, $0.count) }) == 0 else {
            throw PasswordHashError("the system gives no randomness for a password's salt")
        }
        return try hash(password, salt: salt)
    }

    /// The encoded hash of `password` with this `salt` (the tests' known vectors; every password
    /// stored gets a random salt from `hash(_:)`).
    package func hash(_ password: [UInt8], salt: [UInt8]) throws(PasswordHashError) -> String {
        let library = try LibArgon2.shared.get()
        let p = parameters
        let length = library.encodedLength(p.passes, p.memory, p.lanes, UInt32(salt.count), UInt32(p.hashBytes), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length + 1)
        let code = password.withUnsafeBytes { pwd in
            salt.withUnsafeBytes { salt in
                library.hashEncoded(p.passes, p.memory, p.lanes, pwd.baseAddress, pwd.count, salt.baseAddress, salt.count, p.hashBytes, &encoded, encoded.count)
            }
        }
        guard code == ARGON2_OK.rawValue else { throw PasswordHashError("a password could not be hashed: \(library.words(code))") }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `password` is the one `encoded` was made from; false for another password and
    /// for a text that is no Argon2id hash (the store's column was changed by hand).
    package func verify(_ password: [UInt8], against encoded: String) throws -> Bool {
        let library = try LibArgon2.shared.get()
        let code = password.withUnsafeBytes { pwd in library.verify(encoded, pwd.baseAddress, pwd.count) }
        switch code {
        case ARGON2_OK.rawValue: return true
        case ARGON2_MEMORY_ALLOCATION_ERROR.rawValue: throw PasswordHashError("a password could not be checked: \(library.words(code))")
        default: return false
        }
    }

    package func standIn() throws -> String {
        try standInHash.value { try hash(Array("no one's password".utf8)) }
    }
}

/// The stand-in hash, made on first use and kept (under a mutex: request threads ask at once).
private final class StandIn: Sendable {
    private let made = Mutex<String?>(nil)

    func value(_ make: () throws -> String) throws -> String {
        try made.withLock { made in
            if let made { return made }
            let value = try make()
            made = value
            return value
        }
    }
}
