import Foundation
import LoansHTTPServer
import LoansTestSupport
import Testing

/// libmicrohttpd is loaded with dlopen when a server starts and never before: a program that
/// links the server adapter but starts no server (this test binary, listing its tests) neither
/// needs nor maps the library.
@Suite struct LibraryLoadingTests {
    @Test func nothingMapsTheLibraryUntilAServerStarts() throws {
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #expect(!(try Tool.run("/usr/bin/ldd", [binary])).contains("libmicrohttpd"), "\(binary) links libmicrohttpd")
        // The same binary started afresh runs every initializer and lists its tests, starting no
        // server; the dynamic loader reports every library it maps (LD_DEBUG=libs).
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "libs"
        let listing = try ProgramRun(binary, ["--list-tests"], environment: environment)
        #expect(listing.status == 0, "\(listing.err.suffix(2000))")
        #expect(listing.err.contains("calling init: ") && listing.err.contains("libswiftCore.so"), "LD_DEBUG reported nothing")
        #expect(!listing.err.contains("libmicrohttpd"), "a run that started no server loaded libmicrohttpd")

        // Once a server starts, the library is mapped.
        let test = try TestServer()
        defer { test.server.stop() }
        let maps = try Tool.run("/bin/cat", ["/proc/\(getpid())/maps"])
        #expect(maps.contains("/libmicrohttpd.so.12"))
    }
}
