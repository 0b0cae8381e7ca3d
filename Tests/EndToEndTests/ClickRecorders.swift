import Foundation
import LoansTestSupport
import Testing

/// Stand-ins for the programs a click on the widget starts — `x-terminal-emulator` and
/// `notify-send`, small scripts first on PATH — that record what they were given: every
/// argument as passed (NUL-separated, so a notification's body keeps its newlines), where their
/// standard input, output and error lead, whether they lead a session of their own, and the
/// `LOANS_DB` they got. Each run leaves one record, written whole before it is seen.
struct ClickRecorders {
    /// One run of a stand-in.
    struct Record: Equatable {
        let program: String
        let arguments: [String]
        /// Where descriptors 0, 1 and 2 lead (`readlink /proc/self/fd/N`).
        let descriptors: [String]
        /// Whether it leads its own session (started detached with setsid).
        let ownSession: Bool
        let loansDB: String
    }

    /// The folder on PATH that holds the stand-ins.
    let bin: String
    let records: String

    init(in folder: String, programs: [String] = ["x-terminal-emulator", "notify-send"]) throws {
        bin = folder + "/click-bin"
        records = folder + "/click-records"
        for made in [bin, records] { try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true) }
        let script = #"""
            #!/bin/sh
            out="RECORDS/${0##*/}.$$"
            in=$(readlink /proc/$$/fd/0) stdout=$(readlink /proc/$$/fd/1) stderr=$(readlink /proc/$$/fd/2)
            read -r pid comm state parent group session rest < /proc/$$/stat
            printf '%s\0' "$@" > "$out.args"
            { printf '%s\n' "$in" "$stdout" "$stderr"
              [ "$session" = "$$" ] && echo own-session || echo shared-session
              printf '%s\n' "${LOANS_DB-}"; } > "$out.meta.tmp"
            mv "$out.meta.tmp" "$out.meta"
            """#.replacingOccurrences(of: "RECORDS", with: records)
        for program in programs {
            let path = bin + "/" + program
            try Data(script.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
    }

    /// Every run recorded so far, oldest first.
    func recorded() -> [Record] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: records)) ?? []).filter { $0.hasSuffix(".meta") }
        let runs: [(Date, Record)] = names.compactMap { name in
            let base = records + "/" + name.dropLast(".meta".count)
            guard let meta = try? String(contentsOfFile: base + ".meta", encoding: .utf8),
                  let arguments = FileManager.default.contents(atPath: base + ".args"),
                  let made = try? FileManager.default.attributesOfItem(atPath: base + ".args")[.modificationDate] as? Date
            else { return nil }
            let lines = meta.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count >= 5 else { return nil }
            var words = String(decoding: arguments, as: UTF8.self).components(separatedBy: "\0")
            if words.last == "" { words.removeLast() }
            let program = String(name.prefix { $0 != "." })
            return (made, Record(program: program, arguments: words, descriptors: Array(lines[0..<3]), ownSession: lines[3] == "own-session", loansDB: lines[4]))
        }
        return runs.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The records once there are at least `count` (nil when they do not come within `patience`
    /// seconds). `action` runs first, then again every few seconds while none comes: a click on a
    /// bar that has not drawn the block yet is lost.
    func await(_ count: Int = 1, patience: Double = 30, action: (() throws -> Void)? = nil) throws -> [Record]? {
        let deadline = Date().addingTimeInterval(patience)
        try action?()
        var nextTry = Date().addingTimeInterval(3)
        repeat {
            let found = recorded()
            if found.count >= count { return found }
            if let action, Date() > nextTry {
                try action()
                nextTry = Date().addingTimeInterval(3)
            }
            usleep(50_000)
        } while Date() < deadline
        return nil
    }

    /// Forgets the records so far.
    func clear() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: records) {
            try FileManager.default.removeItem(atPath: records + "/" + name)
        }
    }
}

extension BinaryHarness {
    /// Runs loans under `strace -f`, which returns only once every process loans started (a
    /// detached one included) has ended, so what a child did is done and what none did will not
    /// happen later. Returns loans' result and every program started (an `execve` that
    /// succeeded), loans first.
    func traced(_ arguments: [String], extra: [String: String] = [:]) throws -> (Result, [String]) {
        let log = folder + "/strace-" + UUID().uuidString
        let result = try run("/usr/bin/strace", ["-f", "-qq", "-s", "4096", "-e", "trace=execve", "-o", log, BinaryHarness.binary] + arguments, extra: extra)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let programs = lines.filter { $0.contains("execve(\"") && $0.hasSuffix(" = 0") }.compactMap { line in
            line.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init)
        }
        return (result, programs)
    }
}
