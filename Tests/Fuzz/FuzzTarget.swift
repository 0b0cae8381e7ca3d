import Glibc
import LoansCLI
import LoansCore

/// The parsers that take what a user types, imports or configures, and the invariants each must
/// keep for any bytes at all: never trap, refuse with a message that names the value safely, and
/// return only values that obey the contract's rules (`date`, `args`, `document` with its
/// history, `config`, `completion`, the web front's `form` and `query`); and the writers whose output a reader must give back
/// exactly (`writer`: JSON, `calendar`: iCalendar).
enum FuzzTarget: String, CaseIterable {
    case date, args, document, writer, config, calendar, completion, form, query

    static func fromEnvironment() -> FuzzTarget {
        getenv("LOANS_FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) } ?? .date
    }

    static let today = CivilDate(iso: "2026-11-29") ?? .earliest

    func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .date: FuzzTarget.checkDate(String(decoding: bytes, as: UTF8.self))
        case .args: FuzzTarget.checkArguments(bytes)
        case .document: DocumentCheck.check(bytes)
        case .writer: WriterRoundTrip.check(bytes)
        case .config: ConfigCheck.check(bytes)
        case .calendar: CalendarRoundTrip.check(bytes)
        case .completion: CompletionCheck.check(bytes)
        case .form: WebFormCheck.checkForm(bytes)
        case .query: WebFormCheck.checkQuery(bytes)
        }
    }

    /// Date input: a parsed date round-trips through its text; a refusal quotes the value on one line.
    static func checkDate(_ text: String) {
        do {
            let date = try DateInput.parse(text, today: today)
            require(CivilDate(iso: date.iso) == date, "date does not round-trip: \(date)")
        } catch {
            require(isOneSafeLine(error.description), "unsafe message for a date")
        }
        if let offset = DateOffset(parsing: text, defaultUnit: .days) {
            _ = offset.applied(to: .latest)
            _ = offset.applied(to: .earliest)
        }
        if let window = DueWindow(parsing: text) {
            require((0...DueWindow.maximumDays).contains(window.days), "window out of range")
            _ = DuePolicy(today: .latest, window: window).dueSoonRange
        }
        if let id = LoanID(parsing: text) { require(id.rawValue > 0, "id not positive") }
    }

    /// The command line's words (NUL-separated): only success or a usage error, safely worded.
    static func checkArguments(_ bytes: UnsafeBufferPointer<UInt8>) {
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        let now = Now(today: today, utc: UTCTimestamp(date: today, hour: 12, minute: 0, second: 0))
        let (code, message) = LoansCommandLine.check(bytes: words, environment: ["HOME": Array("/nonexistent".utf8)], now: now)
        require(code == .success || code == .usage, "unexpected exit code \(code.rawValue)")
        if let message { require(isOneSafeLine(message), "unsafe message for arguments") }
    }

    static func isOneSafeLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: \.isTerminalControl)
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}

/// Reads one input file for replay.
enum FuzzFiles {
    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
