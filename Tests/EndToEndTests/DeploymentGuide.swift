import Foundation
import Testing
import LoansTestSupport

/// The commands of Docs/Deployment.md, read from its code blocks so a test runs what the guide
/// says and the guide cannot drift from what works: a block opened with ```` ```sh NAME ```` is
/// the block NAME (`server`, `laptop`, `restore` …), its lines as written; ```` ```nginx NAME ````
/// is a configuration file the guide shows.
struct DeploymentGuide {
    let text: String
    /// The guide's file in Docs/ (Deployment.md unless another guide's blocks are wanted:
    /// Reminders.md's mail script).
    let document: String

    init(_ document: String = "Deployment.md") throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Docs/" + document).standardized.path
        text = try String(contentsOfFile: path, encoding: .utf8)
        self.document = document
    }

    /// The lines of the block named `name`, joined as a script (or, with another `language`, the
    /// configuration file the block shows: ```` ```nginx site ````); a guide without it fails the test.
    func block(_ name: String, language: String = "sh") throws -> String {
        var lines: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inside, line == "```" { return lines.joined(separator: "\n") + "\n" }
            if inside { lines.append(line) }
            if line == "```\(language) \(name)" { inside = true }
        }
        throw HarnessError("Docs/\(document) has no block ```\(language) \(name)")
    }

    /// The SQL the server block feeds psql (between `<<'SQL'` and `SQL`).
    func serverSQL() throws -> [String] {
        let server = try block("server").split(separator: "\n").map(String.init)
        guard let start = server.firstIndex(where: { $0.hasSuffix("<<'SQL'") }), let end = server[start...].firstIndex(of: "SQL") else {
            throw HarnessError("the server block of Docs/Deployment.md feeds psql no SQL")
        }
        return Array(server[(start + 1)..<end])
    }

    /// The waybar line the guide gives a bar: the command in `"exec": "…"`.
    func waybarCommand() throws -> String {
        guard let range = text.range(of: #"`"exec": "[^"`]*"`"#, options: .regularExpression) else {
            throw HarnessError("Docs/Deployment.md gives no waybar exec line")
        }
        return String(text[range].dropFirst(#"`"exec": ""#.count).dropLast(2))
    }

    /// The guide's roles and database under names of the calling test's own (roles are the
    /// cluster's), its SQL run as the administrator — all but the server's own settings (`ALTER
    /// SYSTEM`). The accounts' keepers' role has the one name loans looks for, so it is made once
    /// per cluster and granted to each test's own alice.
    func household(on server: PostgresServer) throws -> (database: String, group: String, alice: String, bob: String) {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let names = ["household": "household_\(suffix)", "alice": "alice_\(suffix)", "bob": "bob_\(suffix)", "loans": "loans_\(suffix)"]
        let sql = try serverSQL().filter { !$0.hasPrefix("ALTER SYSTEM") }
        #expect(sql.contains { $0.hasPrefix("CREATE ROLE household NOLOGIN") }, "the guide makes no group: \(sql)")
        #expect(sql.contains("CREATE ROLE loans_admin NOLOGIN;"), "the guide makes no role for the accounts' keepers: \(sql)")
        for statement in sql {
            var renamed = statement == "CREATE ROLE loans_admin NOLOGIN;"
                ? "DO $$ BEGIN IF to_regrole('loans_admin') IS NULL THEN CREATE ROLE loans_admin NOLOGIN; END IF; END $$;" : statement
            for (name, unique) in names {
                renamed = renamed.replacingOccurrences(of: "\\b\(name)\\b", with: unique, options: .regularExpression)
            }
            try server.psql("postgres", renamed)
        }
        return (names["loans"]!, names["household"]!, names["alice"]!, names["bob"]!)
    }
}
