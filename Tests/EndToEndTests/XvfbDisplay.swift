import Foundation
import Testing

/// A private X server for one test: Xvfb on a display number it picks itself (`-displayfd`), and
/// screenshots of its top rows through `xwd`, compared as raw pixels.
final class XvfbDisplay {
    let server: Subprocess
    /// The display, as `DISPLAY` names it (`:7`).
    let name: String
    let folder: String

    init(width: Int, height: Int, folder: String) throws {
        self.folder = folder
        let server = try Subprocess(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"],
            environment: ["PATH": "/usr/bin:/bin"]
        )
        let started = eventually(patience: 30) { !server.lines.isEmpty || !server.isRunning }
        guard started, let number = server.lines.first, Int(number) != nil else {
            server.stop()
            throw XvfbError(message: "Xvfb did not start: \(server.output)")
        }
        self.server = server
        name = ":" + number
    }

    func stop() {
        server.stop()
    }

    /// The pixels of the screen's top `rows` rows, as `xwd` dumps them.
    func capture(rows: Int) throws -> Data {
        let file = folder + "/screen-\(UUID().uuidString).xwd"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let dump = try Subprocess("/usr/bin/xwd", ["-root", "-silent", "-display", name, "-out", file], environment: ["PATH": "/usr/bin:/bin"])
        guard dump.waitForExit(), dump.exitCode == 0 else { throw XvfbError(message: "xwd failed on \(name)") }
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        func field(_ index: Int) -> Int {
            data[index * 4..<index * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        // The header's 32-bit big-endian fields: its size (0), bytes per line (12), colour entries (19).
        let start = field(0) + field(19) * 12
        return data.subdata(in: start..<min(data.count, start + field(12) * rows))
    }

    /// The top `rows` once two captures half a second apart agree and something is drawn; nil
    /// when that never happens within `patience` seconds.
    func settled(rows: Int, patience: Double = 30) throws -> Data? {
        var previous = Data()
        var settled: Data?
        _ = try eventually(patience: patience) {
            usleep(500_000)
            let now = try capture(rows: rows)
            if now == previous, now.contains(where: { $0 != 0 }) { settled = now }
            previous = now
            return settled != nil
        }
        return settled
    }
}

struct XvfbError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
