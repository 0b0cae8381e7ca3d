import Foundation
import LoansTestSupport

/// A private folder for one test, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/loans-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// `sqlite3` on a database file, for looking at what loans wrote with a second, independent
/// reader. It must succeed (exit 0, nothing on stderr), so a failed query can never pass as an
/// empty answer.
func sqlite3(_ path: String, _ sql: String) throws -> String {
    try Tool.run("/usr/bin/sqlite3", [path, sql]).trimmingCharacters(in: .whitespacesAndNewlines)
}

func bytes(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}
