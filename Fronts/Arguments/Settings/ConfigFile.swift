import LoansCore
import LoansSystem

/// A program's config file, `$XDG_CONFIG_HOME/PROGRAM/config` (else `~/.config/PROGRAM/config`):
/// `key = value` lines, blank lines and `#` comment lines, the keys those of the program's
/// settings. Every line is checked when the program starts; an unknown key, a bad value or a
/// file that is not a small text file is refused with `file:line`.
package struct ConfigFile {
    /// Where a value was written.
    package struct Entry {
        /// The value, of the type of the setting of its key.
        package let value: any Sendable
        package let line: Int
    }

    package let path: SystemPath
    /// By the setting's key.
    package let entries: [String: Entry]

    /// The most bytes read: a config file is a few lines, and a huge or endless file (a FIFO,
    /// `/dev/zero` behind a symlink) must not hold loans up.
    static let byteLimit = 64 * 1024

    /// Where `program`'s config file is, from the environment; nil when neither variable gives a
    /// place.
    package static func location(of program: String, _ environment: Environment) -> SystemPath? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return SystemPath(bytes: config.bytes + Array("/\(program)/config".utf8))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return SystemPath(bytes: home.bytes + Array("/.config/\(program)/config".utf8))
        }
        return nil
    }

    /// A UTF-8 byte-order mark, which some editors put at the start of a text file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The lines of `bytes` read as `path`'s, checked against `settings`; a value that holds a path
    /// (`PathHolding`) is made absolute, with `home` for what `~/` stands for.
    package init(path: SystemPath, bytes: [UInt8], settings: [SettingDeclaration], home: [UInt8]?) throws(SettingsError) {
        self.path = path
        var entries: [String: Entry] = [:]
        var number = 0
        let text = bytes.starts(with: ConfigFile.byteOrderMark) ? bytes.dropFirst(ConfigFile.byteOrderMark.count) : bytes[...]
        for rawLine in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let line = ConfigFile.trimmed(rawLine)
            func refuse(_ message: String) -> SettingsError { ConfigFile.error("\(ConfigFile.shown(path)):\(number): \(message)") }
            if line.contains(0) { throw refuse("a NUL byte: this is not a text file") }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
                throw refuse("expected \"key = value\" (or a # comment)")
            }
            let keyWord = Word(Array(ConfigFile.trimmed(line[..<equals])))
            let name = keyWord.text ?? keyWord.shown
            guard let setting = settings.first(where: { $0.key == name }) else {
                let keys = settings.map(\.key)
                let hint = Suggestion.nearest(to: name, among: keys).map { "; did you mean \(Quoted($0))?" } ?? ""
                throw refuse("unknown key \(Quoted(name))\(hint) (keys: \(keys.joined(separator: ", ")))")
            }
            if let earlier = entries[setting.key] { throw refuse("\(setting.key) is set twice (first on line \(earlier.line))") }
            let valueBytes = Array(ConfigFile.trimmed(line[(equals + 1)...]))
            do {
                var value = try setting.read(valueBytes, setting.key, .earliest)
                if setting.kind == .path, let held = value as? any PathHolding {
                    value = try held.madeAbsolute { path throws(ValueError) in try ConfigFile.absolute(path, setting.key, home: home) }
                }
                entries[setting.key] = Entry(value: value, line: number)
            } catch {
                throw refuse(error.message)
            }
        }
        self.entries = entries
    }

    /// The file's bytes and status, nil when it does not exist; a refusal for anything but a
    /// small regular file.
    package static func read(_ path: SystemPath) throws(SettingsError) -> (bytes: [UInt8], status: FileStatus)? {
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
    package static func shown(_ path: SystemPath) -> String {
        SafeText.sanitized(path.description)
    }

    package static func error(_ message: String) -> SettingsError {
        SettingsError(.config, message)
    }
}
