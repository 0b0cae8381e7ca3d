import LoansAdapters
import LoansArguments
import LoansCore

extension ConfigFile {
    /// A path read from the config file, made absolute: it must be absolute already, or start
    /// with `~/` for the home folder (`$HOME`'s bytes as they are, then the rest of the value); a
    /// server's location is kept as it is. A relative path is refused: read against the folder
    /// loans happens to run in, `db = loans.db` would name a new database in every folder. (An
    /// option or a variable is typed where it is meant, so only the file refuses.) `key` starts a
    /// refusal's message.
    static func absolute(_ value: any Sendable, _ key: String, home: [UInt8]?) throws(ValueError) -> any Sendable {
        switch value {
        case let path as SystemPath: return try absolutePath(path, key, home: home)
        case DatabaseName.file(let path) as DatabaseName: return DatabaseName.file(try absolutePath(path, key, home: home))
        default: return value
        }
    }

    private static func absolutePath(_ path: SystemPath, _ key: String, home: [UInt8]?) throws(ValueError) -> SystemPath {
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
