import Foundation
import LoansTestSupport

/// The programs that would obey what loans prints, for tests that must show nothing is obeyed:
/// what a terminal types back into the shell behind it, and polybar's click actions.
enum OutputConsumers {
    /// A python3 program for a terminal pane, run after loans has printed: it puts the
    /// terminal in raw mode without discarding pending input, moves the cursor to row 1,
    /// column 77 and asks the terminal where it is, and writes to `argv[1]` every byte the
    /// terminal had typed into the input before that answer (`ESC[1;77R`): the answers a
    /// terminal gave to queries hidden in loans' output, which an interactive shell would
    /// have read as a command line. (The pane must be at least 77 columns wide.)
    static let typedBack = """
        import os, sys, termios, tty
        sentinel = b'\\x1b[1;77R'
        saved = termios.tcgetattr(0)
        tty.setraw(0, termios.TCSANOW)
        try:
            os.write(1, b'\\x1b[1;77H\\x1b[6n')
            data = b''
            while not data.endswith(sentinel):
                data += os.read(0, 1)
        finally:
            termios.tcsetattr(0, termios.TCSANOW, saved)
        with open(sys.argv[1], 'wb') as f:
            f.write(data[:-len(sentinel)])
        """

    /// The shell line a test pane runs after its commands: `typedBack` into `file`.
    static func typedBackLine(folder: String, file: String) throws -> String {
        let script = folder + "/typed-back.py"
        try Data(typedBack.utf8).write(to: URL(fileURLWithPath: script))
        return "/usr/bin/python3 '\(script)' '\(file)'"
    }

    /// The click actions polybar would find in a line: `%{A…:command:}` tags read as polybar's
    /// parser reads `%{…}` (a tag runs to the first `}`; `A`, optionally a button digit, then
    /// the command up to the next unescaped `:`).
    static func polybarActions(_ line: String) -> [String] {
        var actions: [String] = []
        var rest = Substring(line)
        while let open = rest.range(of: "%{") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: "}") else { break }
            var tag = rest[..<close]
            rest = rest[rest.index(after: close)...]
            guard tag.first == "A" else { continue }
            tag = tag.dropFirst().drop { $0.isNumber }
            guard tag.first == ":" else { continue }
            let body = tag.dropFirst()
            var command = ""
            var escaped = false
            for character in body {
                if escaped || character != ":" && character != "\\" {
                    command.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    break
                }
            }
            actions.append(command)
        }
        return actions
    }

    /// Clicks every action polybar would find in `line`: each runs in `/bin/sh` in `folder`.
    static func click(_ line: String, in folder: String) throws {
        for action in polybarActions(line) {
            _ = try ProgramRun("/bin/sh", ["-c", "cd '\(folder)' && \(action)"], environment: ["PATH": "/usr/bin:/bin"])
        }
    }
}
