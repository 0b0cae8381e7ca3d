import Glibc
import LoansCore

/// The user's refresh hook: `$XDG_CONFIG_HOME/loans/on-change` (else `~/.config/loans/on-change`),
/// run after every write that changed something, once it is committed (a writer's `onCommit`),
/// so a status bar can refresh at once
/// (`pkill -RTMIN+N i3blocks`, `tmux refresh-client -S`). It is started detached, with no
/// arguments and loans' own environment: no loan data ever reaches it. A missing,
/// non-executable or failing hook never fails the write.
package struct ChangeHook: Sendable {
    /// The hook's path; nil when no configuration folder can be named.
    package let path: SystemPath?

    /// The hook named by the environment; `variable` gives a variable's bytes.
    package init(variable: (String) -> [UInt8]?) {
        if let config = variable("XDG_CONFIG_HOME"), config.first == UInt8(ascii: "/"), let folder = SystemPath(bytes: config) {
            path = folder.appending("/loans/on-change")
        } else if let home = variable("HOME"), home.first == UInt8(ascii: "/"), let folder = SystemPath(bytes: home) {
            path = folder.appending("/.config/loans/on-change")
        } else {
            path = nil
        }
    }

    /// Starts the hook if it exists and is executable; never waits for it.
    package func fire() {
        guard let path, path.withCString({ access($0, X_OK) }) == 0, (try? FileStatus(path))?.kind == .regular else { return }
        DetachedChildren.shared.reapFinished()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let started = path.withCString { program in
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), nil]
            defer { argv.forEach { free($0) } }
            // A session of its own: a terminal's signals never reach the hook.
            return try? CleanSpawn(apart: .session).spawn(program, &actions, arguments: argv, environment: environ)
        }
        if let started { DetachedChildren.shared.add(started) }
    }
}
