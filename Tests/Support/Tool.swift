/// A tool a test relies on (sqlite3, tmux, chmod, a shell script…), run to find something out
/// or to set something up. It must succeed: a non-zero exit, a signal or anything on stderr
/// throws `ToolFailure`, so a test never compares two empty outputs from a tool that failed.
package enum Tool {
    /// Runs the tool and returns its stdout.
    @discardableResult
    package static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, stdin: [UInt8] = [],
        seconds: Double = ProgramRun.defaultSeconds
    ) throws -> String {
        let result = try ProgramRun(program, arguments, environment: environment, stdin: stdin, seconds: seconds)
        guard result.status == 0, !result.crashed, result.err.isEmpty else {
            throw ToolFailure(command: ([program] + arguments).joined(separator: " "), result: result)
        }
        return result.out
    }
}

/// A tool that exited non-zero, died of a signal or complained on stderr.
package struct ToolFailure: Error, CustomStringConvertible {
    package let command: String
    package let result: ProgramRun

    package var description: String {
        let how = result.crashed ? "was killed by signal \(result.status - 128)" : "exited with \(result.status)"
        return "\(command) \(how); stderr: \(result.err.debugDescription); stdout: \(result.out.debugDescription)"
    }
}
