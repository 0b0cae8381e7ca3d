import CArgon2
import LoansSystem

/// libargon2, loaded the first time a password is hashed or checked (a `SharedLibrary`), then one
/// function per field into a pointer whose type comes from the library's own header
/// (`shim.h`). No loans binary links it, so the widget and every command that signs nobody in
/// never map it, and a machine without it runs everything else and says what to install when a
/// password is asked for.
struct LibArgon2: @unchecked Sendable {  // immutable pointers into a library that is never unloaded
    let hashEncoded: loans_argon2id_hash_encoded
    let verify: loans_argon2id_verify
    let encodedLength: loans_argon2_encodedlen
    let errorMessage: loans_argon2_error_message

    /// The library's file name: the ABI of Debian's libargon2-1.
    static let soname = "libargon2.so.1"

    /// The process's libargon2, loaded once on first use.
    static let shared: Result<LibArgon2, PasswordHashError> = Result { () throws(PasswordHashError) in
        try LibArgon2(soname: soname)
    }

    /// Loads the library named `soname` and every function loans calls, or says what is missing.
    init(soname: String) throws(PasswordHashError) {
        let library: SharedLibrary
        do {
            library = try SharedLibrary(soname, package: "libargon2-1", need: "passwords need libargon2-1")
        } catch {
            throw PasswordHashError(error.description)
        }
        func load<Function>(_ name: String) throws(PasswordHashError) -> Function {
            do {
                return try library.function(name)
            } catch {
                throw PasswordHashError(error.description)
            }
        }
        hashEncoded = try load("argon2id_hash_encoded")
        verify = try load("argon2id_verify")
        encodedLength = try load("argon2_encodedlen")
        errorMessage = try load("argon2_error_message")
    }

    /// The library's words for one of its error codes.
    func words(_ code: Int32) -> String {
        errorMessage(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// Why a password could not be hashed or checked: the library is missing, or it refused (no
/// memory, no randomness). The message is whole; it never holds the password.
package struct PasswordHashError: Error, CustomStringConvertible, Equatable, Sendable {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
