import LoansAdapters
import LoansArgon2
import LoansCalendar
import LoansCore
import LoansHTTPServer
import LoansWeb
import Synchronization

/// `loans serve`'s run: wires the web front to the store and the HTTP server, offers the owner a
/// one-time link while the store has no account, waits for SIGTERM or SIGINT in the main thread
/// (every other thread blocks them), then stops gracefully and exits 0.
struct WebServer {
    let command: ServeCommand
    let request: Request

    /// Readers open at once: a few more than the server's threads (documents are written from
    /// threads of their own).
    static let readerCapacity = 8
    /// Readers for documents written over time, apart from the pages' (`WebServices.documentReaders`).
    static let documentCapacity = 4
    static let signInCapacity = 4
    /// Writers open at once (on SQLite one, whatever this says).
    static let writerCapacity = 4

    func run() throws -> ExitCode {
        let signals = StopSignals()
        let stores = request.stores
        stores.keepsRunning = true
        let engine = try stores.engine()
        let signIns = try engine.signIns(upTo: WebServer.signInCapacity)
        let log = ServeLog()
        // Before anything opens the file (the sign-ins below are the first).
        if let file = try stores.file(),
           let warning = try ServedDatabaseMode.check(file.path, allowingReadable: command.allowsReadable) {
            log.say(warning)
        }
        let signIn = SignIn(store: signIns)
        let offerLink = try signIn.needsOwnerLink()
        if offerLink, !command.address.isLoopback {
            throw CLIError(
                code: .usage,
                message: "the store has no account yet, so loans serve listens on this machine only (127.0.0.1, [::1] or localhost), not on \(command.address); sign in there with the one-time link it prints"
            )
        }
        let today = SharedToday(request.today)
        let writers = WebWriters(try engine.writers(upTo: WebServer.writerCapacity), hook: ChangeHook(variable: { request.environment[$0]?.bytes }))
        let alarms = request.settings[SettingKey.calendarAlarms]
        let product = "loans \(LoansCommandLine.version)"
        let frontBox = FrontBox()
        var tlsIdentity: HTTPTLSIdentity?
        if let tls = command.tls {
            do {
                tlsIdentity = try HTTPTLSIdentity.read(certificate: tls.certificate.bytes, key: tls.key.bytes)
            } catch {
                throw CLIError(code: .noInput, message: error.description)
            }
        }
        // The one wake loop and its watcher, before the server starts its threads.
        let feed = LiveFeed(today: request.today, source: stores.wakeSource(), box: frontBox)
        let passwordChecks = try PasswordQueue()
        let server: HTTPServer
        do {
            server = try HTTPServer(
                listen: command.address, tls: tlsIdentity, trustsProxy: command.trustsProxy, commonHeaders: WebHeaders.common.map { HTTPField($0.name, $0.value) },
                log: log.request
            ) { incoming in
                guard let front = frontBox.front else { return .text(503, "The server is starting.") }
                return WebExchange.answer(front.handle(WebExchange.request(incoming)))
            }
        } catch {
            throw CLIError(code: .ioError, message: error.description)
        }
        let scheme = tlsIdentity == nil ? "http" : "https"
        let base = command.base ?? WebBaseURL(listening: server.address.description, https: tlsIdentity != nil)
        let services = WebServices(
            readers: try engine.readers(upTo: WebServer.readerCapacity), signIns: signIns, passwords: Argon2id(), passwordChecks: passwordChecks,
            writers: writers,
            calendar: { query, sink in
                try CalendarFeed(query: query, alarms: alarms, product: product).write { try sink.write($0) }
            },
            now: { today.today.now() }, wallTime: { today.today.clock.wallTime(at: $0) }, window: request.settings.window, base: base,
            owner: request.settings[SettingKey.mailName] ?? SystemAuthor.fullName()
        )
        var watched = services
        watched.watchesChanges = feed != nil
        watched.documentReaders = try engine.readers(upTo: WebServer.documentCapacity)
        let front = WebFront(watched)
        frontBox.front = front
        if offerLink {
            guard let token = WebTokens.random() else { throw CLIError(code: .failure, message: "the system gives no randomness for a sign-in link") }
            let now = request.today.now().utc.secondsSinceEpoch
            try signIn.offerLink(WebTokens.hash(token), for: SystemAuthor.user(), role: .editor, now: now)
            log.say("loans: sign in as \(SystemAuthor.user()) within 10 minutes (the link works once): \(base)login?once=\(token)")
        }
        log.say("loans: serving on \(scheme)://\(server.address)/ (base \(base)); stop with Ctrl-C or SIGTERM")
        let signal = signals.wait()
        log.say("loans: \(signal.rawValue): stopping (open requests get up to 5 s)")
        feed?.stop()
        server.stop(grace: HTTPLimits.drainSeconds)
        passwordChecks.stop()
        return .success
    }
}

/// The front, once it is made (the server starts first, to learn the port it got).
final class FrontBox: Sendable {
    private let made = Mutex<WebFront?>(nil)

    var front: WebFront? {
        get { made.withLock { $0 } }
        set { made.withLock { $0 = newValue } }
    }
}
