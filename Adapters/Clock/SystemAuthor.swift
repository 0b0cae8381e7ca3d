import Glibc
import LoansCore

/// Who the person running loans is, for the history: the OS user (from the password database,
/// by the effective uid) @ the host name — `alice@laptop`. Undo and redo act on this author's
/// changes only.
package enum SystemAuthor {
    package static func current(clock: any Clock) -> Author {
        Author(name: "\(user())@\(host())", clock: clock)
    }

    /// The OS user's name (by the effective uid), or `uid1000` when it has none: whom
    /// reminders go to, each user with their own sent-state.
    package static func user() -> String {
        user(geteuid())
    }

    /// The name of the user `uid` (`uid1000` when the password database has none).
    static func user(_ uid: uid_t) -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        if getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name {
            return String(decoding: UnsafeRawBufferPointer(start: name, count: strlen(name)).bindMemory(to: UInt8.self), as: UTF8.self)
        }
        return "uid\(uid)"
    }

    /// The name the OS user (by the effective uid) goes by with people: the full name in the
    /// password database's comment field, else the login name — what a share link's page calls
    /// the store's owner.
    package static func fullName() -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(geteuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil else { return user() }
        let comment = entry.pw_gecos.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)).bindMemory(to: UInt8.self), as: UTF8.self) }
        return fullName(comment: comment ?? "", login: user())
    }

    /// The full name of a comment field (`Dana Scully,Room 4,,`: the part before the first
    /// comma, trimmed), or `login` when it names none.
    static func fullName(comment: String, login: String) -> String {
        let name = comment.prefix { $0 != "," }.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        return name.isEmpty ? login : String(name)
    }

    static func host() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
