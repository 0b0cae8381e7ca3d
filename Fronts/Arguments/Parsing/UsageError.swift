/// Words that do not fit the declarations: what is wrong, and the usage line of the command
/// involved (nil when no command was found). The program reports it as it reports a usage error.
package struct UsageError: Error, Equatable {
    package let message: String
    package let usage: String?

    package init(_ message: String, usage: String?) {
        self.message = message
        self.usage = usage
    }
}
