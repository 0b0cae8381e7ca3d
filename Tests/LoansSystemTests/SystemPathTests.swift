import LoansSystem
import Testing

/// Paths are kept byte for byte and shown so that the reader can tell which file is meant.
@Suite struct SystemPathTests {
    @Test func keepsEveryByteAndRefusesNULAndEmpty() {
        let bytes: [UInt8] = [0x2F, 0x74, 0x6D, 0x70, 0x2F, 0xFF, 0x2E, 0x64, 0x62]
        #expect(SystemPath(bytes: bytes)?.bytes == bytes)
        #expect(SystemPath(bytes: []) == nil)
        #expect(SystemPath(bytes: [0x61, 0x00, 0x62]) == nil)
        #expect(SystemPath(bytes: bytes) != SystemPath(bytes: [0x2F, 0x74, 0x6D, 0x70, 0x2F, 0xFE, 0x2E, 0x64, 0x62]))
    }

    @Test func showsInvalidBytesEscapedAndTextAsIs() {
        #expect(SystemPath(bytes: [0x2F, 0xFF, 0x2E, 0x64, 0x62])?.description == "/\\xff.db")
        #expect(SystemPath("/tmp/Gödel 日本.db")?.description == "/tmp/Gödel 日本.db")
        #expect(SystemPath(bytes: [0x61, 0xC3])?.description == "a\\xc3")
        #expect(SystemPath(bytes: [0xED, 0xA0, 0x80])?.description == "\\xed\\xa0\\x80")
    }

    @Test func composesNamesBesideAndAbove() {
        let path = SystemPath(bytes: [0x2F, 0x61, 0x2F, 0xFF])!
        #expect(path.appending("-wal").bytes == [0x2F, 0x61, 0x2F, 0xFF, 0x2D, 0x77, 0x61, 0x6C])
        #expect(path.parent?.description == "/a")
        #expect(SystemPath("/db")?.parent?.description == "/")
        #expect(SystemPath("db")?.parent == nil)
        #expect(path.withCString { strlenOf($0) } == 4)
    }

    private func strlenOf(_ pointer: UnsafePointer<CChar>) -> Int {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return count
    }
}
