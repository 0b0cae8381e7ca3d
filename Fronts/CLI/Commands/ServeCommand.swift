import LoansCore
import LoansHTTPServer
import LoansWeb

/// `loans serve [--listen HOST:PORT] [--base-url URL] [--tls-cert FILE --tls-key FILE]`: the web
/// front in the foreground until SIGTERM or SIGINT.
struct ServeCommand: LoansCommand {
    static let defaultListen = "127.0.0.1:8742"
    static let listen = OptionDeclaration(
        "--listen", .text, "HOST:PORT", help: "where to listen (default serve.listen, else \(defaultListen)): an IP address or localhost, and a port"
    )
    static let baseURL = OptionDeclaration(
        "--base-url", .text, "URL", help: "the address people reach it at, for links (default serve.base_url, else http://LISTEN/)"
    )
    static let tlsCertificate = OptionDeclaration("--tls-cert", .path, "FILE", help: "serve HTTPS with this PEM certificate (chain) and --tls-key")
    static let tlsKey = OptionDeclaration("--tls-key", .path, "FILE", help: "the certificate's private key, a PEM file only its owner may read")
    static let declaration = CommandDeclaration(
        .serve, abstract: "Serve the loans to a browser: pages, forms, live updates, the JSON API and the calendar feed.",
        discussion: """
            Runs in the foreground and logs one line per request on stderr; SIGTERM or SIGINT stops it (open requests get up to 5 s). While the store has no account, it prints a one-time sign-in link for you (10 minutes, once) and listens on this machine only. Pages, sign-in and TLS: Docs/Web.md.
            """,
        options: [listen, baseURL, tlsCertificate, tlsKey]
    )

    let address: HTTPListenAddress
    /// The base URL given; nil for `http://` and the address listened on.
    let base: WebBaseURL?
    let tls: (certificate: [UInt8], key: [UInt8])?

    init(_ input: CommandInput) throws(CLIError) {
        let listenText = input[ServeCommand.listen]?.text ?? input.settings[.serveListen].value?.text ?? ServeCommand.defaultListen
        do {
            address = try HTTPListenAddress(parsing: listenText)
        } catch {
            throw ServeCommand.refusal(input, .serveListen, given: input[ServeCommand.listen] != nil, error.description)
        }
        if let text = input[ServeCommand.baseURL]?.text ?? input.settings[.serveBaseURL].value?.text {
            do {
                base = try WebBaseURL(parsing: text)
            } catch {
                throw ServeCommand.refusal(input, .serveBaseURL, given: input[ServeCommand.baseURL] != nil, error.message)
            }
        } else {
            base = nil
        }
        switch (input[ServeCommand.tlsCertificate]?.path, input[ServeCommand.tlsKey]?.path) {
        case (let certificate?, let key?): tls = (certificate.bytes, key.bytes)
        case (nil, nil): tls = nil
        default: throw input.refusal("--tls-cert and --tls-key go together: the certificate and its key")
        }
    }

    /// A value of `key` that is not one: a usage error for an option, a config error naming the
    /// file's line for the config file.
    private static func refusal(_ input: CommandInput, _ key: SettingKey, given: Bool, _ message: String) -> CLIError {
        if !given, case .config(let path, let line) = input.settings[key].source {
            return CLIError(code: .config, message: "\(ConfigFile.shown(path)):\(line): \(key.rawValue): \(message)")
        }
        return input.refusal((given ? key.option?.name ?? key.rawValue : key.rawValue) + ": " + message)
    }

    func run(_ request: Request) throws -> ExitCode {
        if tls != nil, !HTTPServer.canServeTLS {
            throw CLIError(code: .failure, message: DynamicCompanion.run(request.arguments))
        }
        return try WebServer(command: self, request: request).run()
    }
}
