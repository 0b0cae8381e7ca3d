import LoansAdapters
import LoansArguments
import LoansCore
import LoansText

/// The config file, `$XDG_CONFIG_HOME/loans/config` (else `~/.config/loans/config`): `key = value`
/// lines, blank lines and `#` comment lines. Every line is checked when loans starts; an
/// unknown key, a bad value or a file that is not a small text file is exit 78 with `file:line`.
struct ConfigFile {
    /// Where a value was written.
    struct Entry {
        /// The value, of the type of the setting of its key.
        let value: any Sendable
        let line: Int
    }

    let path: SystemPath
    /// By the setting's key.
    let entries: [String: Entry]

    /// The most bytes read: a config file is a few lines, and a huge or endless file (a FIFO,
    /// `/dev/zero` behind a symlink) must not hold loans up.
    static let byteLimit = 64 * 1024

    /// Where the config file is, from the environment; nil when neither variable gives a place.
    static func location(_ environment: Environment) -> SystemPath? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return SystemPath(bytes: config.bytes + Array("/loans/config".utf8))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return SystemPath(bytes: home.bytes + Array("/.config/loans/config".utf8))
        }
        return nil
    }

    /// The file at `path` read and checked; nil when there is no such file. `home` is what a
    /// path's `~/` stands for. A file that gives a password (in `db`) is refused when anyone but
    /// its owner may read it, as libpq refuses such a `~/.pgpass`.
    static func load(_ path: SystemPath, home: [UInt8]?) throws(CLIError) -> ConfigFile? {
        guard let (bytes, status) = try read(path) else { return nil }
        let file = try ConfigFile(path: path, bytes: bytes, home: home)
        if status.othersMayAccess, let entry = file.entries[SettingKey.db.key], case .server(let server)? = entry.value as? DatabaseName,
           server.holdsPassword {
            throw error(
                "\(shown(path)):\(entry.line): db holds a password, and others may read this file (mode \(String(status.permissions & 0o777, radix: 8))); keep the password in ~/.pgpass or PGPASSWORD instead, or make the file private (chmod 600 \(shown(path)))"
            )
        }
        return file

    }

    /// A UTF-8 byte-order mark, which some editors put at the start of a text file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    init(path: SystemPath, bytes: [UInt8], home: [UInt8]?) throws(CLIError) {
        self.path = path
        var entries: [String: Entry] = [:]
        var number = 0
        let text = bytes.starts(with: ConfigFile.byteOrderMark) ? bytes.dropFirst(ConfigFile.byteOrderMark.count) : bytes[...]
        for rawLine in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let line = ConfigFile.trimmed(rawLine)
            func refuse(_ message: String) -> CLIError { ConfigFile.error("\(ConfigFile.shown(path)):\(number): \(message)") }
            if line.contains(0) { throw refuse("a NUL byte: this is not a text file") }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
                throw refuse("expected \"key = value\" (or a # comment)")
            }
            let keyWord = Word(Array(ConfigFile.trimmed(line[..<equals])))
            let name = keyWord.text ?? keyWord.shown
            guard let setting = SettingKey.named(name) else {
                let keys = SettingKey.all.map(\.key)
                let hint = Suggestion.nearest(to: name, among: keys).map { "; did you mean \(Quoted($0))?" } ?? ""
                throw refuse("unknown key \(Quoted(name))\(hint) (keys: \(keys.joined(separator: ", ")))")
            }
            if let earlier = entries[setting.key] { throw refuse("\(setting.key) is set twice (first on line \(earlier.line))") }
            let valueBytes = Array(ConfigFile.trimmed(line[(equals + 1)...]))
            do {
                var value = try setting.read(valueBytes, setting.key, .earliest)
                if setting.kind == .path { value = try ConfigFile.absolute(value, setting.key, home: home) }
                entries[setting.key] = Entry(value: value, line: number)
            } catch {
                throw refuse(error.message)
            }
        }
        self.entries = entries
    }

    /// The file's bytes and status, nil when it does not exist; a refusal for anything but a
    /// small regular file.
    private static func read(_ path: SystemPath) throws(CLIError) -> (bytes: [UInt8], status: FileStatus)? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .noControllingTerminal])
        } catch {
            if error == .noSuchFile || error == .notAFolder { return nil }
            throw ConfigFile.error("cannot read the config file \(shown(path)): \(error)")
        }
        defer { descriptor.close() }
        let status: FileStatus
        do {
            status = try descriptor.status()
        } catch {
            throw ConfigFile.error("cannot read the config file \(shown(path)): \(error)")
        }
        switch status.kind {
        case .regular: break
        case .folder: throw ConfigFile.error("the config file \(shown(path)) is a folder; loans reads settings from a file of key = value lines")
        default: throw ConfigFile.error("the config file \(shown(path)) is not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= byteLimit {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try descriptor.read(into: buffer) } }.get()
            } catch {
                throw ConfigFile.error("cannot read the config file \(shown(path)): \(error)")
            }
            if count == 0 { return (bytes, status) }
            bytes += chunk[..<count]
        }
        throw ConfigFile.error("the config file \(shown(path)) is larger than \(byteLimit / 1024) KiB; a loans config file is a few key = value lines")
    }

    /// A line without its line end (`\r\n` too) and without spaces and tabs around it.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let last = slice.last, last == 0x20 || last == 0x09 || last == 0x0D { slice = slice.dropLast() }
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        return slice
    }

    /// The path for a message, its bytes escaped and control characters made harmless.
    static func shown(_ path: SystemPath) -> String {
        SafeText.sanitized(path.description)
    }

    private static func error(_ message: String) -> CLIError {
        CLIError(code: .config, message: message)
    }
}

extension LoansCommandLine {
    /// Checks the bytes of a config file as if read from `path` (for the config fuzzer), without
    /// touching any file: the line that set each key, or the exit code and message a run would
    /// report. `~/` in a path stands for `home`.
    package static func checkConfig(
        bytes: [UInt8], path: String, home: String = "/home/loans"
    ) -> (lines: [String: Int], refusal: (ExitCode, String)?) {
        guard let path = SystemPath(path) else { return ([:], (.usage, "not a path")) }
        do {
            let file = try ConfigFile(path: path, bytes: bytes, home: Array(home.utf8))
            return (file.entries.mapValues(\.line), nil)
        } catch {
            return ([:], (error.code, error.message))
        }
    }
}
