import Foundation
import LoansTestSupport
import Testing

/// Docs/Deployment.md's household server, its commands run as written (read from its code
/// blocks: `DeploymentGuide`), against a throwaway cluster that lets nothing in over TCP but what
/// the guide adds: TLS checked against the certificate the guide makes (`sslmode=verify-full`)
/// and a SCRAM password per person. The few commands that manage a real machine are stood in
/// for — `apt` checks that the packages it names are installed, `runuser -u postgres` runs as
/// the cluster's user, `systemctl restart postgresql` restarts the cluster — and `homeserver`
/// is reached on loopback (`PGHOSTADDR`, so the name is still the one TLS checks and ~/.pgpass
/// matches).
@Suite struct DeploymentGuideTests {
    let loans: BinaryHarness
    let server: PostgresServer
    let guide: DeploymentGuide

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.dedicated(trustingTCP: false)
        guide = try DeploymentGuide()
    }

    /// The stand-ins for the commands that manage a real machine, in a folder for PATH.
    private func standIns() throws -> String {
        let folder = loans.folder + "/stand-ins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scripts = [
            "apt": """
                [ "$1" = install ] || { echo "apt: only install is stood in for" >&2; exit 64; }
                shift
                for package; do dpkg -s "$package" >/dev/null 2>&1 || { echo "apt: $package is not a package installed here" >&2; exit 100; }; done
                """,
            "runuser": """
                [ "$1" = -u ] && [ "$2" = postgres ] && [ "$3" = -- ] || { echo "runuser: only -u postgres -- is stood in for" >&2; exit 64; }
                shift 3
                exec \(server.asServerUser) "$@"
                """,
            "systemctl": """
                [ "$*" = "restart postgresql" ] || { echo "systemctl: only restart postgresql is stood in for" >&2; exit 64; }
                exec \(server.restartCommand) >/dev/null
                """,
        ]
        for (name, body) in scripts {
            try ("#!/bin/sh\n" + body + "\n").write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            chmod(folder + "/" + name, 0o755)
        }
        return folder
    }

    /// A person's laptop: a home of their own with the server's certificate copied beside it, the
    /// guide's laptop lines run there (Bob's with `bob` for `alice`, as the guide says).
    private func laptop(_ person: String) throws -> (home: String, environment: [String: String]) {
        let home = loans.folder + "/" + person
        try FileManager.default.createDirectory(atPath: home + "/Downloads", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: server.folder + "/data/server.crt", toPath: home + "/Downloads/server.crt")
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let environment = [
            "HOME": home, "PATH": bin + ":/usr/bin:/bin", "LOANS_TODAY": "2026-11-29", "PGHOSTADDR": "127.0.0.1", "PGPORT": String(server.port),
        ]
        return (home, environment)
    }

    /// Runs `script` with exactly `environment` (no LOANS_DB: the guide's config file names the db).
    private func run(_ script: String, in folder: String, _ environment: [String: String]) throws -> ProgramRun {
        try ProgramRun("/bin/bash", ["-e", "-c", "cd '\(folder)'\n" + script], environment: environment, seconds: 120)
    }

    @Test func theHouseholdServerWorksAsWritten() throws {
        defer { loans.remove() }
        defer { server.shutDown() }
        let administrator = [
            "PATH": try standIns() + ":/usr/bin:/bin", "HOME": loans.folder, "PGHOST": server.folder, "PGPORT": String(server.port), "PGUSER": "postgres",
        ]
        // A minimal Debian has no sudo; a running shell never reads ~/.profile again.
        for name in ["server", "laptop"] {
            let block = try guide.block(name)
            #expect(!block.contains("sudo ") && !block.contains(".profile"), "the \(name) lines: \(block)")
        }
        #expect(try guide.waybarCommand().hasSuffix(" 2>/dev/null"), "a bar's line keeps loans' stderr out of the bar's log")
        let setUp = try run(try guide.block("server"), in: loans.folder, administrator)
        #expect(setUp.status == 0, "the server's lines failed: \(setUp.err)")
        #expect(try server.psql("postgres", "SHOW ssl") == "on")

        var people: [String: [String: String]] = [:]
        for person in ["alice", "bob"] {
            let (home, environment) = try laptop(person)
            let lines = try guide.block("laptop").replacingOccurrences(of: "alice", with: person)
            let done = try run(lines, in: home + "/Downloads", environment)
            #expect(done.status == 0, "\(person)'s laptop lines failed: \(done.err)")
            #expect(done.err.isEmpty, "\(person): \(done.err)")
            #expect(done.out.hasPrefix(person == "alice" ? "1\n" : "2\n") && done.out.contains("Cordless drill"), "\(person): \(done.out)")
            people[person] = environment
        }
        let alice = people["alice"]!, bob = people["bob"]!
        func by(_ environment: [String: String], _ arguments: String...) throws -> ProgramRun {
            try ProgramRun(BinaryHarness.binary, arguments, environment: environment)
        }
        let listed = try by(alice, "list")
        #expect(listed.status == 0 && listed.out.split(separator: "\n").count == 2, "alice sees bob's loan too: \(listed.out) \(listed.err)")
        let noCertificate = try by(alice.merging(["HOME": self.loans.folder]) { $1 }, "--db", "postgresql://alice@homeserver/loans?sslmode=verify-full", "list")
        #expect(noCertificate.status == 74 && noCertificate.err.contains("root certificate"), "verify-full checked nothing: \(noCertificate.err)")
        let plain = try by(alice, "--db", "postgresql://alice@homeserver/loans?sslmode=disable", "list")
        #expect(plain.status == 74 && plain.err.contains("no pg_hba.conf entry"), "a connection without TLS got in: \(plain.err)")

        // Each renews the other's loan, and undoes their own change only.
        #expect(try by(bob, "renew", "1", "--by", "+1w").status == 0)
        #expect(try by(alice, "renew", "2", "--by", "+1w").status == 0)
        #expect(try by(alice, "undo").out.hasPrefix("Undid: renewed #2"))
        #expect(try by(bob, "undo").out.hasPrefix("Undid: renewed #1"))

        // Alice's bar, as the guide gives it, learns of Bob's write.
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let bar = try Subprocess("/bin/sh", ["-c", try guide.waybarCommand()], environment: alice.merging(["PATH": bin + ":/usr/bin:/bin"]) { $1 })
        defer { bar.stop() }
        #expect(bar.waitForLines(1).first?.contains(#""class":"#) == true, "\(bar.lines)")
        // Over TLS, and two connections for the watching bar (one listens, one reads).
        let connections = try server.psql("loans", "SELECT bool_and(ssl) || ' ' || count(*) FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE usename = 'alice'")
        #expect(connections == "true 2", "alice's bar's connections: \(connections)")
        #expect(try server.psql("postgres", "SELECT string_agg(type || ' ' || auth_method, ',') FROM pg_hba_file_rules WHERE type <> 'local'") == "hostssl scram-sha-256")
        #expect(try by(bob, "add", "Ladder", "--from", "Dad", "--due", "2026-11-28").status == 0)
        #expect(bar.waitForLines(2, patience: 10).last?.contains("Ladder") == true, "alice's bar never saw bob's write: \(bar.lines)")
    }
}
