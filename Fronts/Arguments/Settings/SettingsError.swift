/// A setting refused while the settings are read: a bad option or variable (a usage error), or
/// a config file that cannot be read or holds a bad line (a configuration error). The program
/// maps the two to its exit codes.
package struct SettingsError: Error, Equatable {
    package enum Kind: Equatable, Sendable {
        /// An option or an environment variable.
        case usage
        /// The config file.
        case config
    }

    package let kind: Kind
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
