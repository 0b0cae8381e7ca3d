import Foundation
import LoansTestSupport
import Testing

/// A real SMTP server on loopback for a test (`Mail/smtp_sink.py`: Debian's python3-aiosmtpd),
/// and `msmtp` set up to hand it mail: a mail path as a user's would be, with nothing of it
/// written by hand. Each message it accepted is read back parsed by Python's `email` package
/// under its strict policy. Stopped with SIGTERM when the sink goes.
final class SMTPSink {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Mail/smtp_sink.py").path

    /// One message as the server received and Python parsed it.
    struct Message: Decodable {
        struct Envelope: Decodable {
            let from: String
            let to: [String]
        }

        let envelope: Envelope
        /// The header fields in order, each `[name, value]` (values decoded from RFC 2047).
        let headers: [[String]]
        /// Whether every byte of the header block is ASCII, as sent.
        let raw_headers_ascii: Bool
        let defects: [String]
        /// The text body, decoded, with line breaks as `\n`.
        let body: String?

        func header(_ name: String) -> [String] {
            headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
        }

        var text: String { (body ?? "").replacingOccurrences(of: "\r\n", with: "\n") }
    }

    let folder: String
    let port: Int
    private let process: Subprocess

    /// Starts the server, keeping messages in a folder of its own below `parent`; returns once it
    /// listens.
    init(in parent: String) throws {
        folder = parent + "/smtp-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process = try Subprocess("/usr/bin/python3", [SMTPSink.script, folder], environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true)
        guard let line = process.waitForLines(1, patience: 30).first, line.hasPrefix("ready "), let port = Int(line.dropFirst(6)) else {
            process.stop()
            throw HarnessError("the SMTP server did not start: \(process.output)")
        }
        self.port = port
    }

    deinit {
        process.stop()
    }

    /// An msmtp configuration in `home` (`~/.msmtprc`, only its owner may read it: msmtp insists)
    /// that hands every message to this server, plain, without authentication.
    func configureMsmtp(home: String, from: String = "loans@example.org") throws {
        let path = home + "/.msmtprc"
        try "defaults\nauth off\ntls off\naccount default\nhost 127.0.0.1\nport \(port)\nfrom \(from)\n".write(toFile: path, atomically: true, encoding: .utf8)
        guard chmod(path, 0o600) == 0 else { throw HarnessError("cannot chmod \(path)") }
    }

    /// Every message received so far, oldest first.
    func messages() throws -> [Message] {
        let read = try ProgramRun("/usr/bin/python3", [SMTPSink.script, "--read", folder], environment: ["PATH": "/usr/bin:/bin"])
        guard read.status == 0 else { throw HarnessError("the messages cannot be read: \(read.err)") }
        return try read.out.split(separator: "\n").map { try JSONDecoder().decode(Message.self, from: Data($0.utf8)) }
    }

    /// Waits until `count` messages have come (at most `patience` seconds); returns them all.
    func waitForMessages(_ count: Int, patience: Double = 30) throws -> [Message] {
        var received: [Message] = []
        _ = try eventually(patience: patience) {
            received = try messages()
            return received.count >= count
        }
        return received
    }
}
