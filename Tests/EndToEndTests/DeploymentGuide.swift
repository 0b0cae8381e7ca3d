import Foundation
import LoansTestSupport

/// The commands of Docs/Deployment.md, read from its code blocks so a test runs what the guide
/// says and the guide cannot drift from what works: a block opened with ```` ```sh NAME ```` is
/// the block NAME (`server`, `laptop`, `restore` …), its lines as written; ```` ```nginx NAME ````
/// is a configuration file the guide shows.
struct DeploymentGuide {
    let text: String

    init() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Docs/Deployment.md").standardized.path
        text = try String(contentsOfFile: path, encoding: .utf8)
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
        throw HarnessError("Docs/Deployment.md has no block ```\(language) \(name)")
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
}
