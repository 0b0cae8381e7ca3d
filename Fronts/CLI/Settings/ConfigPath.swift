import LoansArguments
import LoansCore

extension ConfigFile {
    /// A path as the config file takes it: absolute, or starting with `~/` for the home folder
    /// (`$HOME`'s bytes as they are, then the rest of the value); a server's location (a
    /// `postgresql://` URL) as it is. A relative path is refused: read against the folder loans
    /// happens to run in, `db = loans.db` would name a new database in every folder. (An option
    /// or a variable is typed where it is meant, so only the file refuses.) `key` starts a
    /// refusal's message.
    static func absolutePath(_ value: [UInt8], _ key: String, home: [UInt8]?) throws(ValueError) -> [UInt8] {
        if value.first == UInt8(ascii: "/") || value.isEmpty { return value }
        if let text = String(validating: value, as: UTF8.self), StoreEngines.server(claiming: text) != nil { return value }
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
        return (home == [UInt8(ascii: "/")] ? [] : home) + value.dropFirst()
    }
}
