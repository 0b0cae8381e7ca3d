/// Why a server could not start, in terms the command line maps to exit codes (an address in use,
/// like every other failure to listen, is 74; a certificate or key that cannot be used is the
/// caller's to word as a bad file).
package enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another program listens on the address already.
    case addressInUse(HTTPListenAddress)
    /// The address cannot be listened on (not an address of this machine, a port below 1024
    /// without the privilege, …); the text says why.
    case cannotListen(HTTPListenAddress, String)
    /// `--listen` is not `HOST:PORT` with an IP literal or `localhost`; the text says what is
    /// wrong (`not an address to listen on: …`). The address itself is the caller's to show, quoted
    /// the way its front shows hostile text.
    case badAddress(String)
    /// The certificate or the key cannot be read or used; the text names the file and why.
    case tls(String)
    /// libmicrohttpd is missing, too old, or refused to start; the text says what to do.
    case library(String)

    package var description: String {
        switch self {
        case .addressInUse(let address): "cannot listen on \(address): the address is already in use"
        case .cannotListen(let address, let why): "cannot listen on \(address): \(why)"
        case .badAddress(let why), .tls(let why), .library(let why): why
        }
    }
}
