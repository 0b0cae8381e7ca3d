import Glibc

/// One desktop notification through `notify-send` (run directly, no shell):
/// `notify-send --urgency=U --app-name=loans -- SUMMARY BODY`. Under cron, where no session bus
/// address is set, it is given the user's session bus when one is listening at
/// `$XDG_RUNTIME_DIR/bus` (else `/run/user/UID/bus`), so the notification reaches the desktop.
package enum DesktopNotification {
    package static func program(
        urgency: String, summary: String, body: String, environment: [String: String], timeoutMilliseconds: Int
    ) -> DeliveryProgram {
        DeliveryProgram(
            program: "notify-send", arguments: ["--urgency=\(urgency)", "--app-name=loans", "--", summary, body],
            environment: withSessionBus(environment), input: nil, timeoutMilliseconds: timeoutMilliseconds
        )
    }

    /// The environment, with `DBUS_SESSION_BUS_ADDRESS` pointing at the user's bus when it is
    /// unset (or empty) and the bus socket exists.
    static func withSessionBus(_ environment: [String: String]) -> [String: String] {
        guard (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty else { return environment }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
        let bus = runtime + "/bus"
        guard let socket = SystemPath(bus), (try? FileStatus(socket)) != nil else { return environment }
        var result = environment
        result["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + escaped(bus)
        return result
    }

    /// A D-Bus address value: bytes other than `-0-9A-Za-z_/.\*` written as `%XX`.
    static func escaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "\\"), UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return out
    }
}
