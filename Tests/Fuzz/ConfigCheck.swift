import LoansCLI

/// The config file's invariants for any bytes: settings, each from a line that names its key;
/// or exit 78 with one safe line that starts `file:line:`, naming the first line that is wrong
/// (every line before it reads on its own).
enum ConfigCheck {
    static let path = "/fuzz/loans/config"

    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        let bytes = Array(bytes)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let (set, refusal) = LoansCommandLine.checkConfig(bytes: bytes, path: path)
        guard let (code, message) = refusal else {
            for (key, line) in set {
                FuzzTarget.require((1...lines.count).contains(line), "\(key) set on line \(line) of \(lines.count)")
                // A byte-order mark before the first line is not part of it.
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                let text = lines[line - 1].dropFirst(line == 1 && lines[0].starts(with: bom) ? bom.count : 0).drop { $0 == 0x20 || $0 == 0x09 }
                FuzzTarget.require(text.starts(with: Array(key.utf8)), "line \(line) does not name \(key)")
            }
            return
        }
        FuzzTarget.require(code == .config, "exit \(code.rawValue) for a config file, not 78")
        FuzzTarget.require(FuzzTarget.isOneSafeLine(message), "unsafe message for a config file")
        guard let line = number(after: path + ":", in: message) else {
            FuzzTarget.require(false, "the message does not start with file:line: \(message)")
            return
        }
        FuzzTarget.require((1...lines.count).contains(line), "line \(line) named in a file of \(lines.count)")
        let before = Array(lines.prefix(line - 1).joined(separator: [0x0A]))
        let earlier = LoansCommandLine.checkConfig(bytes: before, path: path).refusal
        FuzzTarget.require(earlier == nil, "line \(line) named, but an earlier line is refused: \(earlier?.1 ?? "")")
    }

    /// The line number in `file:N: …`, nil when the message does not start so.
    static func number(after prefix: String, in message: String) -> Int? {
        guard message.hasPrefix(prefix) else { return nil }
        let rest = message.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else { return nil }
        return Int(digits)
    }
}
