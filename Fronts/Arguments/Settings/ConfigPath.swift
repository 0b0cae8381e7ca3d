import LoansCore
import LoansSystem

/// A setting's value that holds a file's path, which the config file makes absolute (a path
/// typed in an option or a variable is meant where it is typed, and kept as it is).
package protocol PathHolding: Sendable {
    /// The value with its path made absolute by `absolute`.
    func madeAbsolute(_ absolute: (SystemPath) throws(ValueError) -> SystemPath) throws(ValueError) -> Self
}

extension SystemPath: PathHolding {
    package func madeAbsolute(_ absolute: (SystemPath) throws(ValueError) -> SystemPath) throws(ValueError) -> SystemPath {
        try absolute(self)
    }
}

extension ConfigFile {
    /// A path read from the config file, made absolute: it must be absolute already, or start
    /// with `~/` for the home folder (`$HOME`'s bytes as they are, then the rest of the value). A
    /// relative path is refused: read against the folder the program happens to run in,
    /// `db = loans.db` would name a new database in every folder. `key` starts a refusal's
    /// message.
    package static func absolute(_ path: SystemPath, _ key: String, home: [UInt8]?) throws(ValueError) -> SystemPath {
        let value = path.bytes
        if value.first == UInt8(ascii: "/") { return path }
        guard value.starts(with: Array("~/".utf8)) else {
            let shown = Quoted(Word(value).shown)
            throw ValueError(
                "\(key): \(shown) is a relative path, which would name another file in every folder: "
                    + "write an absolute path, or one starting with ~/ for your home folder"
            )
        }
        guard var home, home.first == UInt8(ascii: "/") else {
            throw ValueError("\(key): ~/ stands for the home folder, and HOME is not an absolute path")
        }
        while home.count > 1, home.last == UInt8(ascii: "/") { home.removeLast() }
        guard let absolute = SystemPath(bytes: (home == [UInt8(ascii: "/")] ? [] : home) + value.dropFirst()) else {
            throw ValueError("\(key): HOME holds a NUL byte, which no path can")
        }
        return absolute
    }
}
