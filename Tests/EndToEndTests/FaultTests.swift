import Foundation
import Testing

/// What survives what: real processes on real files, killed, starved of disk, or pointed at
/// files that are not theirs (Docs/Reliability.md maps each promise to a test here).
@Suite struct FaultTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    var db: String { loans.folder + "/loans.db" }

    static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/generate").standardized.path

    func checksum(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func sqlite(_ sql: String) throws -> String {
        try loans.tool("/usr/bin/sqlite3", db, sql).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func killedInTheMiddleOfAnImportLeavesAllOrNothing() throws {
        defer { loans.remove() }
        #expect(try loans("add", "Before", "--to", "A", "--due", "+1d").status == 0)
        let document = loans.folder + "/big.json"
        try loans.tool("/bin/sh", "-c", "'\(Self.generator)' 200000 2026-11-29 > '\(document)'")
        // The watching and the kill happen in a shell of their own, so a busy test runner cannot
        // miss the moment: once the import's WAL passes 1 MB (it is writing), SIGKILL.
        let killer = """
            loans import '\(document)' >/dev/null 2>&1 &
            pid=$!
            n=0
            while [ "$(stat -c %s '\(db)-wal' 2>/dev/null || echo 0)" -lt 1000000 ]; do
              n=$((n + 1)); [ $n -gt 6000 ] && { echo "the WAL never grew"; exit 1; }
              grep -q '^State:[[:space:]]*Z' /proc/$pid/status 2>/dev/null && { echo "the import finished first"; exit 1; }
              sleep 0.01
            done
            kill -9 $pid && echo killed
            """
        let killed = try loans.shell(killer)
        #expect(killed.out == "killed\n", "\(killed.out)")
        #expect(try sqlite("PRAGMA integrity_check") == "ok")
        let count = try sqlite("SELECT count(*) FROM loan")
        #expect(count == "1" || count == "200001", "\(count)")
        let next = try loans("list")
        #expect(next.status == 0 && next.out.contains("Before"))
        #expect(try loans("add", "After", "--to", "A", "--due", "+1d").status == 0)
    }

    @Test func aFullDiskFailsTheWriteCleanlyAndKeepsEarlierData() throws {
        defer { loans.remove() }
        #expect(try loans("add", "Kept", "--to", "A", "--due", "+1d").status == 0)
        let document = loans.folder + "/big.json"
        try loans.tool("/bin/sh", "-c", "'\(Self.generator)' 20000 2026-11-29 > '\(document)'")
        let full = try loans.shell("ulimit -f 200; loans import '\(document)'")
        #expect(!full.crashed)
        #expect(full.status == 74, "\(full.err)")
        #expect(full.err.hasPrefix("loans: ") && full.out.isEmpty)
        #expect(try sqlite("PRAGMA integrity_check") == "ok")
        let after = try loans("list")
        #expect(after.status == 0 && after.out.contains("Kept"))
        #expect(try sqlite("SELECT count(*) FROM loan") == "1")
    }

    /// Files loans does not recognise: each refused with its exit code, left byte-for-byte untouched.
    @Test func foreignCorruptNewerAndFolderPathsAreRefusedUntouched() throws {
        defer { loans.remove() }
        let cases: [(String, () throws -> Void, Int32)] = [
            ("corrupt", { try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 31) }).write(to: URL(fileURLWithPath: self.db)) }, 74),
            ("foreign", { _ = try self.sqlite("CREATE TABLE notes(x); INSERT INTO notes VALUES (1)") }, 74),
            ("newer", {
                try self.loans.must("add", "A", "--to", "B", "--due", "+1d")
                _ = try self.sqlite("PRAGMA user_version = 99")
            }, 75),
            ("truncated", {
                try self.loans.must("add", "A", "--to", "B", "--due", "+1d")
                let bytes = self.checksum(self.db) ?? Data()
                try bytes.prefix(1000).write(to: URL(fileURLWithPath: self.db))
            }, 74),
        ]
        for (name, make, code) in cases {
            try? FileManager.default.removeItem(atPath: db)
            try make()
            let before = checksum(db)
            for command in [["list"], ["agenda"], ["json"], ["add", "X", "--to", "Y", "--due", "+1d"], ["remove", "1"]] {
                let result = try loans.run(BinaryHarness.binary, command)
                #expect(result.status == code, "\(name) \(command): \(result.err)")
                #expect(result.out.isEmpty && result.err.hasPrefix("loans: ") && result.err.contains("untouched"))
            }
            #expect(checksum(db) == before, "\(name) was modified")
            #expect(!FileManager.default.fileExists(atPath: db + "-wal") || name == "newer")
        }
        let folder = try loans("--db", loans.folder, "list")
        #expect(folder.status == 74 && folder.err.contains("not a regular file"))
    }

    @Test func noHomeAndNoXDGIsAnErrorNotAGuess() throws {
        defer { loans.remove() }
        let result = try loans.shell("unset HOME XDG_DATA_HOME LOANS_DB; loans list")
        #expect(result.status == 74)
        #expect(result.err.hasPrefix("loans: cannot locate the database"))
        let relative = try loans.shell("unset LOANS_DB; HOME=relative/home loans list")
        #expect(relative.status == 74)
    }

    /// Permission cases need an ordinary user: as root they run through `setpriv` as nobody.
    func unprivileged(_ line: String) throws -> BinaryHarness.Result {
        guard getuid() == 0 else { return try loans.shell(line) }
        try loans.tool("/bin/chown", "-R", "65534:65534", loans.folder)
        return try loans.shell("setpriv --reuid=65534 --regid=65534 --clear-groups -- sh -c \"\(line)\"")
    }

    @Test func readOnlyFilesAndFolders() throws {
        defer { loans.remove() }
        #expect(try loans("add", "Kept", "--to", "A", "--due", "+1d").status == 0)
        let before = checksum(db)
        try loans.tool("/bin/chmod", "0400", db)
        let write = try unprivileged("loans add X --to Y --due +1d")
        #expect(write.status == 74 && write.err.hasPrefix("loans: cannot write database"), "\(write.err)")
        let read = try unprivileged("loans list")
        #expect(read.status == 0 && read.out.contains("Kept"), "\(read.err)")
        try loans.tool("/bin/chmod", "0600", db)
        try loans.tool("/bin/chmod", "0500", loans.folder)
        defer { _ = try? loans.run("/bin/chmod", ["0700", loans.folder]) }
        let readInReadOnlyFolder = try unprivileged("loans agenda")
        #expect(readInReadOnlyFolder.status == 0 && readInReadOnlyFolder.out.contains("Kept"), "\(readInReadOnlyFolder.err)")
        let writeInReadOnlyFolder = try unprivileged("loans add X --to Y --due +1d")
        #expect(writeInReadOnlyFolder.status == 74, "\(writeInReadOnlyFolder.err)")
        #expect(checksum(db) == before)
    }
}
