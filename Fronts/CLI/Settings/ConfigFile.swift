import LoansAdapters
import LoansArguments
import LoansCore

extension ConfigFile {
    /// loans' config file at `path`, read and checked; nil when there is no such file. `home` is
    /// what a path's `~/` stands for. A file that gives a password (in `db`) is refused when
    /// anyone but its owner may read it, as libpq refuses such a `~/.pgpass`.
    static func load(_ path: SystemPath, home: [UInt8]?) throws(SettingsError) -> ConfigFile? {
        guard let (bytes, status) = try read(path) else { return nil }
        let file = try ConfigFile(path: path, bytes: bytes, settings: SettingKey.all, home: home)
        if status.othersMayAccess, let entry = file.entries[SettingKey.db.key], case .server(let server)? = entry.value as? DatabaseName,
           server.holdsPassword {
            throw error(
                "\(shown(path)):\(entry.line): db holds a password, and others may read this file (mode \(String(status.permissions & 0o777, radix: 8))); keep the password in ~/.pgpass or PGPASSWORD instead, or make the file private (chmod 600 \(shown(path)))"
            )
        }
        return file
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
            let file = try ConfigFile(path: path, bytes: bytes, settings: SettingKey.all, home: Array(home.utf8))
            return (file.entries.mapValues(\.line), nil)
        } catch {
            let refusal = CLIError(error)
            return ([:], (refusal.code, refusal.message))
        }
    }
}
