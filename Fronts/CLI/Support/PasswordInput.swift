import LoansSystem

/// Where `loans account` gets a password: typed at the terminal with its echo off (asked twice,
/// the two must match), or exactly one line of stdin with `--password-stdin` (for scripts). A
/// password is never an argument (`ps` would show it), never in an environment variable, and
/// never in a message.
enum PasswordInput {
    /// The most bytes read: one more than a password may have and its newline.
    static let limit = 1026

    /// The password from stdin (`fromStandardInput`) or the terminal; `prompt` says whose.
    static func read(fromStandardInput: Bool, prompt: String, console: Console) throws -> [UInt8] {
        let input = FileDescriptor.standardInput
        if fromStandardInput { return try oneLine(try everything(input)) }
        guard input.isTerminal else {
            throw CLIError(code: .usage, message: "stdin is not a terminal to type a password at; give it as one line of stdin with --password-stdin")
        }
        let first = try typed(prompt + ": ", console)
        let second = try typed("again: ", console)
        guard first == second else { throw CLIError(code: .usage, message: "the two passwords differ; nothing was changed") }
        return first
    }

    /// One line typed with the terminal's echo off (restored afterwards, whatever happens).
    private static func typed(_ prompt: String, _ console: Console) throws -> [UInt8] {
        console.err.write(prompt)
        console.err.flush()
        var echo: TerminalEcho
        do {
            echo = try TerminalEcho(turningOffOn: .standardInput)
        } catch {
            throw CLIError(code: .ioError, message: "cannot turn the terminal's echo off: \(error)")
        }
        defer { echo.restore() }
        let line: [UInt8]
        do throws(Errno) {
            line = try FileDescriptor.standardInput.readLine(upTo: limit)
        } catch {
            throw CLIError(code: .ioError, message: "cannot read the password: \(error)")
        }
        return try oneLine(line)
    }

    /// All of stdin, up to `limit` bytes.
    private static func everything(_ input: FileDescriptor) throws -> [UInt8] {
        do throws(Errno) {
            return try input.readAll(upTo: limit)
        } catch {
            throw CLIError(code: .ioError, message: "cannot read the password from stdin: \(error)")
        }
    }

    /// The one line of `bytes` (its newline, or CR LF, taken off); refused when there is none,
    /// more than one, or it is too long.
    static func oneLine(_ bytes: [UInt8]) throws -> [UInt8] {
        var line = bytes
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty else { throw CLIError(code: .usage, message: "the password is empty; nothing was changed") }
        guard line.count <= 1024 else { throw CLIError(code: .usage, message: "the password is longer than 1024 bytes; nothing was changed") }
        guard !line.contains(UInt8(ascii: "\n")), !line.contains(UInt8(ascii: "\r")) else {
            throw CLIError(code: .usage, message: "the password must be exactly one line; nothing was changed")
        }
        return line
    }
}
