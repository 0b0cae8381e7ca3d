import LoansSystem

/// The dynamically linked build of loans that the shipped (static) binary hands `serve` over to
/// when it is asked to do TLS itself: a program linked statically cannot give a library it loads
/// (GnuTLS, inside libmicrohttpd) thread-local storage, so only a dynamically linked loans can
/// serve HTTPS. `ci/install` puts it at `PREFIX/lib/loans/loans-dynamic`, beside the binary's
/// `PREFIX/bin`; it is the same program, with the same Swift runtime inside it.
enum DynamicCompanion {
    /// Where the companion of the running binary lives: `../lib/loans/loans-dynamic` from the
    /// binary's folder.
    static func path() -> String? {
        guard let binary = SystemPath.runningProgram.map({ String(decoding: $0.bytes, as: UTF8.self) }) else { return nil }
        guard let slash = binary.lastIndex(of: "/") else { return nil }
        return String(binary[..<slash]) + "/../lib/loans/loans-dynamic"
    }

    /// Replaces this process with the companion, given `arguments` (the run's words, the program
    /// name first) and this process's environment — no shell in between. Returns only when it
    /// could not, with what is missing in words.
    static func run(_ arguments: [[UInt8]]) -> String {
        guard let companion = path() else { return "cannot tell where this loans is installed (/proc/self/exe)" }
        guard ProgramImage.isExecutable(companion) else {
            return "serving HTTPS directly needs loans' dynamically linked companion at \(companion), which is not installed (ci/install puts it there); or serve plain HTTP behind a reverse proxy that does TLS"
        }
        let why = ProgramImage.replace(with: companion, arguments: [Array(companion.utf8)] + arguments)
        return "cannot start loans' dynamically linked companion \(companion): \(why)"
    }
}
