import LoansCore
import LoansInterchange
import LoansText

/// Writes the interchange document as bytes, key by key in the document's order: the envelope
/// (schema version, query, instant, today, window, summary) and each loan object, every key
/// present (null where there is no value), with its derived `status` and `days_until_due`.
enum LoanDocumentWriting {
    /// The values of a document's envelope (everything but its loans).
    struct Envelope: Hashable, Sendable {
        let query: String
        let generatedAt: UTCTimestamp
        let policy: DuePolicy
        let overdueCount: Int
        let dueSoonCount: Int
        /// The key of the list that ends the envelope: `loans`, or `changes` for the history.
        var listKey = "loans"
        /// The identity of the store the document comes from.
        var databaseID: String?
        /// Whether the history comes first (`json all --history`): the opening then ends with
        /// `"changes":[`, and `appendListOpening` follows the changes.
        var carriesHistory = false
        /// Whether the contacts come before the loans (`json all`): after the history, if any.
        var carriesPeople = false

        init(query: String, generatedAt: UTCTimestamp, policy: DuePolicy, overdueCount: Int, dueSoonCount: Int) {
            self.query = query
            self.generatedAt = generatedAt
            self.policy = policy
            self.overdueCount = overdueCount
            self.dueSoonCount = dueSoonCount
        }
    }

    /// The document up to and including the opening of its first list, `"loans":[` (or
    /// `"changes":[`, `"people":[`), keys in order.
    static func appendOpening(_ envelope: Envelope, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for key in LoanDocument.EnvelopeKey.allCases {
            if key == .changes, !envelope.carriesHistory { continue }
            if key == .people, !envelope.carriesPeople { continue }
            if key != .schemaVersion { bytes.append(UInt8(ascii: ",")) }
            JSONTokens.key(key == .loans ? envelope.listKey : key.rawValue, to: &bytes)
            switch key {
            case .schemaVersion: JSONTokens.integer(LoanDocument.schemaVersion, to: &bytes)
            case .query: JSONTokens.string(envelope.query, to: &bytes)
            case .generatedAt: JSONTokens.string(envelope.generatedAt.description, to: &bytes)
            case .today: JSONTokens.string(envelope.policy.today.iso, to: &bytes)
            case .windowDays: JSONTokens.integer(envelope.policy.window.days, to: &bytes)
            case .summary:
                bytes.append(contentsOf: "{\"overdue\":".utf8)
                JSONTokens.integer(envelope.overdueCount, to: &bytes)
                bytes.append(contentsOf: ",\"due_soon\":".utf8)
                JSONTokens.integer(envelope.dueSoonCount, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            case .databaseID:
                if let id = envelope.databaseID { JSONTokens.string(id, to: &bytes) } else { JSONTokens.null(to: &bytes) }
            case .changes, .people:
                bytes.append(UInt8(ascii: "["))
                return
            case .loans: bytes.append(UInt8(ascii: "["))
            }
        }
    }

    /// What ends a document's history (or its contacts) and opens the next list: `],"loans":[`.
    static func appendListOpening(_ key: LoanDocument.EnvelopeKey, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "],".utf8)
        JSONTokens.key(key.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: "["))
    }

    /// A contact: `{"name":"Alice","email":"alice@example.org"}` (`email` null without one).
    static func appendPerson(_ person: Person, to bytes: inout [UInt8]) {
        for key in LoanDocument.ContactKey.allCases {
            bytes.append(UInt8(ascii: key == .name ? "{" : ","))
            JSONTokens.key(key.rawValue, to: &bytes)
            switch key {
            case .name: JSONTokens.string(person.name, to: &bytes)
            case .email: if let email = person.email { JSONTokens.string(email.text, to: &bytes) } else { JSONTokens.null(to: &bytes) }
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// One contact of a change: `{"before":{…}|null,"after":{…}|null}`.
    static func appendPersonDelta(_ delta: PersonDelta, to bytes: inout [UInt8]) {
        for (index, (key, person)) in [("before", delta.before), ("after", delta.after)].enumerated() {
            bytes.append(UInt8(ascii: index == 0 ? "{" : ","))
            JSONTokens.key(key, to: &bytes)
            if let person { appendPerson(person, to: &bytes) } else { JSONTokens.null(to: &bytes) }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A change of the history up to and including `"loans":[`:
    /// `{"id":12,"at":"…","who":"…","kind":"return","target":null,"undone":false,"loans":[`; its
    /// `"people":[…]` follows its loans.
    static func appendChangeOpening(_ change: Change, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "{\"id\":".utf8)
        JSONTokens.integer(change.id.rawValue, to: &bytes)
        bytes.append(contentsOf: ",\"at\":".utf8)
        JSONTokens.string(change.at.description, to: &bytes)
        bytes.append(contentsOf: ",\"who\":".utf8)
        JSONTokens.string(change.who, to: &bytes)
        bytes.append(contentsOf: ",\"kind\":".utf8)
        JSONTokens.string(change.kind.rawValue, to: &bytes)
        bytes.append(contentsOf: ",\"target\":".utf8)
        if let target = change.target { JSONTokens.integer(target.rawValue, to: &bytes) } else { JSONTokens.null(to: &bytes) }
        bytes.append(contentsOf: ",\"undone\":".utf8)
        bytes.append(contentsOf: (change.isUndone ? "true" : "false").utf8)
        bytes.append(contentsOf: ",\"loans\":[".utf8)
    }

    /// One loan of a change: `{"id":3,"before":{…}|null,"after":{…}|null}`.
    static func appendDelta(_ delta: LoanDelta, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "{\"id\":".utf8)
        JSONTokens.integer(delta.id.rawValue, to: &bytes)
        for (key, loan) in [("before", delta.before), ("after", delta.after)] {
            bytes.append(UInt8(ascii: ","))
            JSONTokens.key(key, to: &bytes)
            if let loan { appendStoredLoan(loan, to: &bytes) } else { JSONTokens.null(to: &bytes) }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// What closes a document after its loans.
    static func appendClosing(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "]}".utf8)
    }

    /// One loan object, every key present (null where there is no value), in the contract's order.
    static func appendLoan(_ item: LoanStanding, to bytes: inout [UInt8]) {
        appendLoan(item.loan, standing: item, to: &bytes)
    }

    /// A loan as stored (without the derived `status` and `days_until_due`), as the history
    /// keeps it before and after a change.
    static func appendStoredLoan(_ loan: Loan, to bytes: inout [UInt8]) {
        appendLoan(loan, standing: nil, to: &bytes)
    }

    /// The keys in document order, written straight through (this runs once per loan of a
    /// million-loan document): the ten stored keys, then — for a loan with its standing — the two
    /// derived ones.
    private static func appendLoan(_ loan: Loan, standing item: LoanStanding?, to bytes: inout [UInt8]) {
        let token = tokens
        bytes.append(contentsOf: token[0])
        JSONTokens.integer(loan.id.rawValue, to: &bytes)
        bytes.append(contentsOf: token[1])
        JSONTokens.string(loan.title, to: &bytes)
        bytes.append(contentsOf: token[2])
        append(loan.direction == .lent ? "\"lent\"" : "\"borrowed\"", to: &bytes)
        bytes.append(contentsOf: token[3])
        JSONTokens.string(loan.counterparty, to: &bytes)
        bytes.append(contentsOf: token[4])
        JSONTokens.date(loan.lentOn, to: &bytes)
        bytes.append(contentsOf: token[5])
        JSONTokens.date(loan.dueOn, to: &bytes)
        bytes.append(contentsOf: token[6])
        if let date = loan.returnedOn { JSONTokens.date(date, to: &bytes) } else { JSONTokens.null(to: &bytes) }
        bytes.append(contentsOf: token[7])
        if let note = loan.note { JSONTokens.string(note, to: &bytes) } else { JSONTokens.null(to: &bytes) }
        bytes.append(contentsOf: token[8])
        JSONTokens.integer(loan.renewals, to: &bytes)
        bytes.append(contentsOf: token[9])
        bytes.append(UInt8(ascii: "["))
        for (index, date) in loan.previousDueDates.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONTokens.date(date, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        if let item {
            bytes.append(contentsOf: token[10])
            append(statusToken(item.status), to: &bytes)
            bytes.append(contentsOf: token[11])
            if let days = item.daysUntilDue { JSONTokens.integer(days, to: &bytes) } else { JSONTokens.null(to: &bytes) }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// What opens each key of a loan object, in the document's order (`{"id":`, `,"title":` …);
    /// `appendLoan` writes the values in this same order.
    private static let tokens: [[UInt8]] = {
        let keys = LoanDocument.LoanKey.ordered
        precondition(keys == [
            .id, .title, .direction, .counterparty, .lentOn, .dueOn, .returnedOn, .note, .renewals, .previousDueDates,
            .status, .daysUntilDue,
        ])
        return keys.enumerated().map { index, key in Array(((index == 0 ? "{" : ",") + "\"\(key.rawValue)\":").utf8) }
    }()

    private static func append(_ token: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount))
    }

    /// A status as its JSON string.
    private static func statusToken(_ status: LoanStatus) -> StaticString {
        switch status {
        case .overdue: "\"overdue\""
        case .dueSoon: "\"due_soon\""
        case .open: "\"open\""
        case .returned: "\"returned\""
        }
    }

}
