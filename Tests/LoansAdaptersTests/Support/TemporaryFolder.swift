import Foundation

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

/// Runs a program and returns its exit status and standard output.
@discardableResult
func run(_ program: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// `sqlite3` on a database file, for looking at what loans wrote with a second, independent reader.
func sqlite3(_ path: String, _ sql: String) throws -> String {
    try run("/usr/bin/sqlite3", [path, sql]).output.trimmingCharacters(in: .whitespacesAndNewlines)
}

func bytes(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}
