/// What the request log may show of a path: every segment that has the shape of a token this
/// front makes (64 hex digits: a session's, a link's, a share's) is replaced by `[redacted]`, so a secret
/// carried in a path never reaches a log. Query strings never do (the server leaves them out).
package enum WebLog {
    package static func shown(path: String) -> String {
        guard path.utf8.count >= 64 else { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { WebTokens.isWellFormed(String($0).lowercased()) ? "[redacted]" : String($0) }
            .joined(separator: "/")
    }
}
