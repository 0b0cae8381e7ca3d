import Foundation

/// A throwaway PostgreSQL cluster for the tests: `initdb` and `pg_ctl` in a temporary folder, run
/// as the unprivileged user `nobody` when the tests run as root (CI does; PostgreSQL refuses
/// root), listening on a free loopback port with `fsync` off. Started once per test process, on
/// first use, and stopped when the process exits — by an exit handler, or by a watcher process
/// should the test process die. Missing server programs fail the tests, naming the package.
///
/// Roles: `postgres` (superuser, for the harness), `loans` (owns each test database; trusted on
/// loopback) and `guarded` (must give `guardedPassword`), for password handling.
///
/// A test that stops, restarts or kills its server gets a cluster of its own (`dedicated()`),
/// so the other tests' server never goes away under them.
package final class PostgresServer: Sendable {
    package let port: Int
    /// The cluster's folder: data, log and the Unix socket.
    package let folder: String
    private let programs: String
    private let user: (uid: uid_t, gid: gid_t)?

    package static let role = "loans"
    package static let guardedRole = "guarded"
    package static let guardedPassword = "correct-horse-battery-staple"

    /// The process's server, started on first use.
    package static func shared() throws -> PostgresServer {
        try started.get()
    }

    private static let started = Result { try PostgresServer() }

    /// A cluster of this test's own, to stop, start and kill; `shutDown()` ends it (and it ends
    /// with the test process in any case). Without `trustingTCP`, only its Unix socket lets the
    /// harness in: connections over TCP need whatever the test adds to its `pg_hba.conf`.
    package static func dedicated(trustingTCP: Bool = true) throws -> PostgresServer {
        try PostgresServer(trustingTCP: trustingTCP)
    }

    /// A shell command that restarts the server as an administrator would (`pg_ctl restart` as
    /// the server's user, on its port and socket, loopback only whatever its settings say), for a
    /// test that follows an administrator's steps.
    package var restartCommand: String {
        "\(asServerUser) \(programs)/pg_ctl -D '\(folder)/data' -l '\(folder)/server.log' -w -t 60 -o '\(PostgresServer.options(port: port, folder: folder))' restart"
    }

    /// How to run a program as the server's user (`setpriv …`, or nothing when the tests are not
    /// root), as a shell command's start.
    package var asServerUser: String {
        user.map { "setpriv --reuid=\($0.uid) --regid=\($0.gid) --clear-groups --" } ?? ""
    }

    /// Stops the server as an administrator would (`pg_ctl stop -m fast`: clients are told and
    /// disconnected), waiting until it is down.
    package func stop() throws {
        try PostgresServer.asServerUser(user, programs + "/pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "-t", "60", "stop"])
    }

    /// Starts the stopped server again on its port.
    package func start() throws {
        try PostgresServer.asServerUser(user, programs + "/pg_ctl", [
            "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60", "-o", PostgresServer.options(port: port, folder: folder), "start",
        ])
    }

    /// Kills every process of the server at once with SIGKILL, as a power cut would (no
    /// shutdown, no checkpoint); `start()` then recovers from the write-ahead log.
    package func killAll() throws {
        guard let text = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
              let postmaster = text.split(separator: "\n").first.flatMap({ pid_t($0) })
        else { throw HarnessError("the test cluster in \(folder) is not running") }
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == postmaster ? pid : nil
        }
        for pid in [postmaster] + children { kill(pid, SIGKILL) }
        guard eventually(seconds: 30, { kill(postmaster, 0) != 0 }) else { throw HarnessError("the killed server did not go away") }
        try? FileManager.default.removeItem(atPath: folder + "/data/postmaster.pid")
    }

    /// Ends a dedicated cluster now (an immediate shutdown).
    package func shutDown() {
        _ = try? ProgramRun.asServerUser(user, programs + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// Polls `condition` every 50 ms for at most `seconds`; whether it came true.
    private func eventually(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// The server's settings: loopback only, its socket in the cluster's folder, durable enough
    /// to recover from a kill (fsync off is safe against a killed process, not a power cut), and
    /// every connection logged (`connections(to:)` counts them).
    private static func options(port: Int, folder: String) -> String {
        "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories=\(folder) -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c log_connections=on"
    }

    /// How many connections to `database` the server has let in so far, by the application name
    /// the client gave (`PGAPPNAME`), as its log tells them.
    package func connections(to database: String, application: String) -> Int {
        let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
        let line = "connection authorized: user=\(PostgresServer.role) database=\(database) application_name=\(application)"
        return log.components(separatedBy: "\n").filter { $0.contains(line) }.count
    }

    /// A new, empty database owned by `loans` (the cluster's default is UTF8 in locale C); returns its name.
    package func createDatabase(encoding: String = "UTF8", locale: String = "C") throws -> String {
        let name = "loans_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        let options = encoding == "UTF8" && locale == "C" ? "" : " ENCODING '\(encoding)' LOCALE '\(locale)' TEMPLATE template0"
        try psql("postgres", "CREATE DATABASE \(name) OWNER \(PostgresServer.role)\(options)")
        return name
    }

    /// A URL for `database` on this server over loopback TCP.
    package func url(_ database: String, user: String = PostgresServer.role) -> String {
        "postgresql://\(user)@127.0.0.1:\(port)/\(database)"
    }

    /// psql and its arguments to reach `database` as `role` (the superuser unless told) over the
    /// Unix socket, for a session a test keeps open (a lock held while it runs, a role listening).
    package func psqlSession(_ database: String, role: String = "postgres") -> (program: String, arguments: [String]) {
        (programs + "/psql", ["-X", "-q", "-h", folder, "-p", String(port), "-U", role, "-d", database])
    }

    /// Runs SQL as the superuser, over the Unix socket; returns the rows unaligned, `|` between fields.
    @discardableResult
    package func psql(_ database: String, _ sql: String) throws -> String {
        let run = try ProgramRun(
            programs + "/psql",
            ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", String(port), "-U", "postgres", "-d", database, "-c", sql],
            environment: ["PATH": "/usr/bin:/bin"], seconds: 60
        )
        guard run.status == 0 else { throw HarnessError("psql failed (\(run.status)) on \(sql): \(run.err)") }
        return run.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private init(trustingTCP: Bool = true) throws {
        programs = try PostgresServer.findPrograms()
        var template = Array("/tmp/loans-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError("cannot create a folder for the test cluster") }
        folder = String(cString: made)
        let user = PostgresServer.serverUser()
        self.user = user
        if let user { chown(folder, user.uid, user.gid) }
        try PostgresServer.asServerUser(user, programs + "/initdb", [
            "-D", folder + "/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync",
        ])
        let hba = trustingTCP ? """
            local all all trust
            host all \(PostgresServer.guardedRole) 127.0.0.1/32 scram-sha-256
            host all all 127.0.0.1/32 trust
            """ : "local all all trust\n"
        try hba.write(toFile: folder + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
        var port = 0
        var log = ""
        for _ in 0..<3 {
            port = try PostgresServer.freePort()
            let start = try ProgramRun.asServerUser(user, programs + "/pg_ctl", [
                "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60", "-o", PostgresServer.options(port: port, folder: folder), "start",
            ])
            if start.status == 0 { break }
            log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? start.err
            port = 0
        }
        guard port != 0 else { throw HarnessError("the test cluster did not start: \(log)") }
        self.port = port
        PostgresServer.stopWhenThisProcessEnds(folder: folder, programs: programs, user: user)
        try psql("postgres", "CREATE ROLE \(PostgresServer.role) LOGIN")
        try psql("postgres", "CREATE ROLE \(PostgresServer.guardedRole) LOGIN PASSWORD '\(PostgresServer.guardedPassword)'")
    }

    /// The newest `/usr/lib/postgresql/*/bin` that has `initdb`, `pg_ctl` and `psql`.
    private static func findPrograms() throws -> String {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let bin = "/usr/lib/postgresql/\(version)/bin"
            if ["initdb", "pg_ctl", "psql"].allSatisfy({ FileManager.default.isExecutableFile(atPath: bin + "/" + $0) }) {
                return bin
            }
        }
        throw HarnessError(
            "the PostgreSQL tests need a server: no initdb and pg_ctl under /usr/lib/postgresql/*/bin; install the Debian package postgresql (ci/setup does)"
        )
    }

    /// `nobody` when running as root, else nil (the current user runs the server).
    private static func serverUser() -> (uid: uid_t, gid: gid_t)? {
        geteuid() == 0 ? (65534, 65534) : nil
    }

    private static func asServerUser(_ user: (uid: uid_t, gid: gid_t)?, _ program: String, _ arguments: [String]) throws {
        let run = try ProgramRun.asServerUser(user, program, arguments)
        guard run.status == 0 else { throw HarnessError("\(program) failed (\(run.status)): \(run.err)\(run.out)") }
    }

    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HarnessError("cannot open a socket to find a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                Glibc.bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw HarnessError("cannot bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// An immediate shutdown at exit, and a watcher that stops the cluster and removes its folder
    /// once this process is gone, however it ended.
    private static func stopWhenThisProcessEnds(folder: String, programs: String, user: (uid: uid_t, gid: gid_t)?) {
        let drop = user.map { "setpriv --reuid=\($0.uid) --regid=\($0.gid) --clear-groups -- " } ?? ""
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 0.2; done
            \(drop)\(programs)/pg_ctl -D '\(folder)/data' -m immediate stop >/dev/null 2>&1
            rm -rf '\(folder)'
            """
        _ = try? ProgramRun.spawn("/usr/bin/setsid", ["/bin/sh", "-c", script], environment: ["PATH": "/usr/bin:/bin"])
        atexit {
            guard case .success(let server) = PostgresServer.started,
                  let pid = (try? String(contentsOfFile: server.folder + "/data/postmaster.pid", encoding: .utf8))?
                      .split(separator: "\n").first.flatMap({ pid_t($0) })
            else { return }
            kill(pid, SIGQUIT)
        }
    }
}

extension ProgramRun {
    /// Runs a server program as `user` (through `setpriv`), or as this user when nil.
    static func asServerUser(_ user: (uid: uid_t, gid: gid_t)?, _ program: String, _ arguments: [String]) throws -> ProgramRun {
        let environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        guard let user else { return try ProgramRun(program, arguments, environment: environment, seconds: 120) }
        return try ProgramRun(
            "/usr/bin/setpriv", ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", program] + arguments,
            environment: environment, seconds: 120
        )
    }
}
