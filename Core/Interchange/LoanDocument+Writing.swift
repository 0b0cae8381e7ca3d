extension LoanDocument {
    /// The values of a document's envelope (everything but its loans).
    public struct Envelope: Hashable, Sendable {
        public let query: String
        public let generatedAt: UTCTimestamp
        public let policy: DuePolicy
        public let overdueCount: Int
        public let dueSoonCount: Int

        public init(query: String, generatedAt: UTCTimestamp, policy: DuePolicy, overdueCount: Int, dueSoonCount: Int) {
            self.query = query
            self.generatedAt = generatedAt
            self.policy = policy
            self.overdueCount = overdueCount
            self.dueSoonCount = dueSoonCount
        }
    }

    /// The document up to and including `"loans":[`, keys in the contract's order.
    public static func appendOpening(_ envelope: Envelope, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for key in EnvelopeKey.allCases {
            if key != .schemaVersion { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.key(key.rawValue, to: &bytes)
            switch key {
            case .schemaVersion: JSONWriter.integer(schemaVersion, to: &bytes)
            case .query: JSONWriter.string(envelope.query, to: &bytes)
            case .generatedAt: JSONWriter.string(envelope.generatedAt.description, to: &bytes)
            case .today: JSONWriter.string(envelope.policy.today.iso, to: &bytes)
            case .windowDays: JSONWriter.integer(envelope.policy.window.days, to: &bytes)
            case .summary:
                bytes.append(contentsOf: "{\"overdue\":".utf8)
                JSONWriter.integer(envelope.overdueCount, to: &bytes)
                bytes.append(contentsOf: ",\"due_soon\":".utf8)
                JSONWriter.integer(envelope.dueSoonCount, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            case .loans: bytes.append(UInt8(ascii: "["))
            }
        }
    }

    /// What closes a document after its loans.
    public static func appendClosing(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "]}".utf8)
    }

    /// One loan object, every key present (null where there is no value), in the contract's order.
    public static func appendLoan(_ item: LoanStanding, to bytes: inout [UInt8]) {
        let loan = item.loan
        let keys = LoanKey.tokens
        for (index, key) in LoanKey.ordered.enumerated() {
            bytes.append(contentsOf: keys[index])
            switch key {
            case .id: JSONWriter.integer(loan.id.rawValue, to: &bytes)
            case .title: JSONWriter.string(loan.title, to: &bytes)
            case .direction: bytes.append(contentsOf: loan.direction == .lent ? LoanKey.lent : LoanKey.borrowed)
            case .counterparty: JSONWriter.string(loan.counterparty, to: &bytes)
            case .lentOn: JSONWriter.date(loan.lentOn, to: &bytes)
            case .dueOn: JSONWriter.date(loan.dueOn, to: &bytes)
            case .returnedOn:
                if let date = loan.returnedOn { JSONWriter.date(date, to: &bytes) } else { JSONWriter.null(to: &bytes) }
            case .note: optional(loan.note, to: &bytes)
            case .renewals: JSONWriter.integer(loan.renewals, to: &bytes)
            case .previousDueDates:
                bytes.append(UInt8(ascii: "["))
                for (index, date) in loan.previousDueDates.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONWriter.date(date, to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            case .status: bytes.append(contentsOf: LoanKey.statuses[item.status] ?? [])
            case .daysUntilDue:
                if let days = item.daysUntilDue { JSONWriter.integer(days, to: &bytes) } else { JSONWriter.null(to: &bytes) }
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private static func optional(_ text: String?, to bytes: inout [UInt8]) {
        if let text { JSONWriter.string(text, to: &bytes) } else { JSONWriter.null(to: &bytes) }
    }
}
