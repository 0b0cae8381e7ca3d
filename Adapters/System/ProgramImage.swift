import Glibc

/// Another program run in place of this process (`execv`): the same process id, no shell in
/// between, the environment kept.
package enum ProgramImage {
    /// Whether the file at `path` is there and this process may run it.
    package static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// Replaces this process with the program at `path`, given `arguments` (the program's name
    /// first), each as the bytes given (a path need not be UTF-8). Returns only when it could not,
    /// with why.
    package static func replace(with path: String, arguments: [[UInt8]]) -> Errno {
        // Each word NUL-terminated.
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            let word = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { word[index] = CChar(bitPattern: byte) }
            word[bytes.count] = 0
            return word
        } + [nil]
        execv(path, argv)
        let why = Errno.current
        argv.forEach { $0?.deallocate() }
        return why
    }
}
