import LoansAdapters
import LoansArguments
import LoansCore
import LoansHTTPServer
import LoansWeb

/// `loans serve [--listen HOST:PORT] [--base-url URL] [--tls-cert FILE --tls-key FILE] [--trust-proxy]
/// [--allow-readable]`: the web front in the foreground until SIGTERM or SIGINT.
struct ServeCommand: LoansCommand {
    /// Where `serve` listens when nothing says: this machine only, port 8742.
    static let defaultAddress = try! HTTPListenAddress(parsing: "127.0.0.1:8742")
    static let tlsCertificate = Option("--tls-cert", .path, "FILE", help: "serve HTTPS with this PEM certificate (chain) and --tls-key")
    static let tlsKey = Option("--tls-key", .path, "FILE", help: "the certificate's private key, a PEM file only its owner may read")
    static let trustProxy = Flag(
        "--trust-proxy", help: "believe X-Forwarded-For and X-Forwarded-Proto from a reverse proxy on this machine (never from another)"
    )
    static let allowReadable = Flag(
        "--allow-readable", help: "serve a database file others may read (or its group change), with a warning, instead of refusing it"
    )
    static let declaration = CommandDeclaration(
        CommandName.serve, abstract: "Serve the loans to a browser: pages, forms, live updates, the JSON API and the calendar feed.",
        discussion: """
            Runs in the foreground and logs one line per request on stderr; SIGTERM or SIGINT stops it (open requests get up to 5 s). While the store has no account, it prints a one-time sign-in link for you (10 minutes, once) and listens on this machine only. Behind a reverse proxy on this machine, --trust-proxy counts each request against the address the proxy forwarded. The database file holds the password and session hashes, so serve refuses one others may read or its group may change (exit 77; 0600 and 0640 are served) unless --allow-readable is given. Pages, sign-in, TLS and proxies: Docs/Web.md.
            """
    ) {
        SettingKey.serveListen
        SettingKey.serveBaseURL
        tlsCertificate
        tlsKey
        trustProxy
        allowReadable
    }

    let address: HTTPListenAddress
    /// The base URL given; nil for `http://` and the address listened on.
    let base: WebBaseURL?
    let tls: (certificate: SystemPath, key: SystemPath)?
    /// Whether requests from this machine come from a reverse proxy whose forwarded fields count.
    let trustsProxy: Bool
    /// Whether a database file others may read is served anyway (with a warning).
    let allowsReadable: Bool

    init(_ input: CommandInput) throws(CLIError) {
        address = input.settings[SettingKey.serveListen]
        base = input.settings[SettingKey.serveBaseURL]
        trustsProxy = input[Self.trustProxy]
        allowsReadable = input[Self.allowReadable]
        switch (input[Self.tlsCertificate], input[Self.tlsKey]) {
        case (let certificate?, let key?): tls = (certificate, key)
        case (nil, nil): tls = nil
        default: throw input.refusal("--tls-cert and --tls-key go together: the certificate and its key")
        }
    }

    /// TLS asked of a binary that cannot serve it (the static one) goes to its companion.
    var handsRunOver: Bool { tls != nil && !HTTPServer.canServeTLS }

    func run(_ request: Request) throws -> ExitCode {
        if handsRunOver {
            throw CLIError(code: .failure, message: DynamicCompanion.run(request.arguments))
        }
        return try WebServer(command: self, request: request).run()
    }
}

extension ValueReader where Value == HTTPListenAddress {
    /// `HOST:PORT`: an IPv4 address, an IPv6 address in brackets or `localhost`, and a port.
    static var listenAddress: Self {
        Self(.text, shown: { $0.description }) { input throws(ValueError) in
            let text = try input.text()
            do {
                return try HTTPListenAddress(parsing: text)
            } catch let error as HTTPServerError {
                throw ValueError(input.prefix + "\(Quoted(text)) is " + error.description)
            } catch {
                throw ValueError(input.prefix + "\(error)")
            }
        }
    }
}

extension ValueReader where Value == WebBaseURL {
    /// `http(s)://HOST[:PORT]/`.
    static var baseURL: Self {
        Self(.text, shown: { $0.description }) { input throws(ValueError) in
            do {
                return try WebBaseURL(parsing: try input.text())
            } catch let error as WebBaseURL.Refusal {
                throw ValueError(input.prefix + error.message)
            } catch {
                throw ValueError(input.prefix + "\(error)")
            }
        }
    }
}
