// loans-http-bench — the HTTP server adapter alone, for bench/http: answers every GET with the
// bytes of one file (text/html), logs each request to stderr as `loans serve` will, and stops
// gracefully on SIGTERM or SIGINT. Not shipped; built like the shipped binary (static).
//
//   loans-http-bench --listen HOST:PORT --body FILE [--threads N] [--tls-cert FILE --tls-key FILE]
import Glibc
import LoansHTTPServer

func say(_ text: String, to descriptor: Int32) {
    var text = text + "\n"
    text.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    say("loans-http-bench: \(message)", to: 2)
    exit(64)
}

var options: [String: String] = [:]
var words = CommandLine.arguments.dropFirst()
while let word = words.popFirst() {
    guard word.hasPrefix("--"), let value = words.popFirst() else { fail("usage: --listen HOST:PORT --body FILE [--threads N] [--tls-cert FILE --tls-key FILE]") }
    options[String(word.dropFirst(2))] = value
}
guard let listen = options["listen"], let path = options["body"] else { fail("--listen and --body are required") }
guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
var body: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65536)
while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { body += chunk[..<count] }
fclose(file)
let page = body

var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGTERM)
sigaddset(&signals, SIGINT)
pthread_sigmask(SIG_BLOCK, &signals, nil)  // before any thread starts, so every thread blocks them

do {
    let tls = try options["tls-cert"].map { try HTTPTLSIdentity.read(certificate: Array($0.utf8), key: Array((options["tls-key"] ?? "").utf8)) }
    let server = try HTTPServer(
        listen: try HTTPListenAddress(parsing: listen), tls: tls, threads: Int(options["threads"] ?? "") ?? HTTPServer.defaultThreads,
        log: { say($0.description, to: 2) },
        handler: { request in
            guard request.method == "GET" || request.method == "HEAD" else { return .text(405, "GET only") }
            return HTTPAnswer(status: 200, headers: [HTTPField("Content-Type", "text/html; charset=utf-8")], body: .bytes(page))
        }
    )
    say("listening on \(server.address)", to: 1)
    var received: Int32 = 0
    sigwait(&signals, &received)
    server.stop()
} catch {
    fail("\(error)")
}
