import Foundation
import LoansArgon2
import LoansCore
import Testing

/// The password hasher against libargon2's own known answers, and the parameters loans writes
/// (Docs/Web.md names them).
@Suite struct Argon2Tests {
    /// libargon2's test vector for Argon2id, version 0x13: t=2, m=2^16 KiB, p=1, "password",
    /// salt "somesalt", 32 bytes.
    @Test func knownVector() throws {
        let hasher = Argon2id(Argon2id.Parameters(memory: 1 << 16, passes: 2, lanes: 1, saltBytes: 8, hashBytes: 32))
        let encoded = try hasher.hash(Array("password".utf8), salt: Array("somesalt".utf8))
        let raw = try #require(encoded.split(separator: "$").last.flatMap { Data(base64Encoded: $0 + "=") })  // the hash part, unpadded base64
        #expect(raw.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() == "09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7")
        #expect(encoded == "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc")
        #expect(try hasher.verify(Array("password".utf8), against: encoded))
        #expect(try !hasher.verify(Array("passwore".utf8), against: encoded))
    }

    /// What is stored: Argon2id, 19 MiB, 2 passes, 1 lane, a 16-byte random salt (two hashes of
    /// one password differ), a 32-byte hash; a text that is no hash verifies nothing.
    @Test func storedParameters() throws {
        let hasher = Argon2id()
        let first = try hasher.hash(Array("correct horse".utf8))
        let second = try hasher.hash(Array("correct horse".utf8))
        #expect(first.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        let parts = first.split(separator: "$")
        #expect(parts.count == 5 && parts[3].count == 22 && parts[4].count == 43)  // base64 of 16 and 32 bytes
        #expect(first != second)
        #expect(try hasher.verify(Array("correct horse".utf8), against: second))
        #expect(try !hasher.verify(Array("correct horse".utf8), against: "not a hash"))
        #expect(try hasher.standIn().hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
    }
}
