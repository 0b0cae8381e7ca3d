import LoansCore

/// Reads one loan object of a document and checks it against the rules every loan obeys.
struct LoanObjectDecoder {
    /// Where a loan object stands in a document: in its `loans` array, or before or after a
    /// change of its history.
    enum Place {
        case loans(Int)
        case change(Int, loan: Int, side: String)

        /// `loans[3]` or `changes[2].loans[0].after`, built only when a message needs it.
        var path: String {
            switch self {
            case .loans(let index): "loans[\(index)]"
            case .change(let change, let loan, let side): "changes[\(change)].loans[\(loan)].\(side)"
            }
        }
    }

    let place: Place
    /// The keys read so far, one bit per `LoanKey`.
    private var seen: UInt32 = 0

    private var id: LoanID?
    private var title: String?
    private var direction: Direction?
    private var counterparty: String?
    private var lentOn: CivilDate?
    private var dueOn: CivilDate?
    private var returnedOn: CivilDate?
    private var note: String?
    private var renewals: Int64?
    private var previousDueDates: [CivilDate] = []

    init(index: Int) {
        place = .loans(index)
    }

    init(_ place: Place) {
        self.place = place
    }

    var path: String { place.path }

    consuming func decode(_ decoder: inout DocumentDecoder) throws -> Loan {
        try decoder.expect(.object, path)
        var object = JSONContainer()
        try decoder.reader.begin(&object, .object)
        while let raw = try rawKey(&object, &decoder) {
            guard let key = raw.escaped ? nil : LoanDocument.LoanKey(utf8: decoder.reader.bytes(of: raw)) else {
                let name = try decoder.reader.string(from: raw)
                throw DocumentError(path: path, message: "\(Quoted(name)) is not a key of a loan")
            }
            let bit: UInt32 = 1 << key.position
            guard seen & bit == 0 else { throw DocumentError(path: "\(path).\(key.rawValue)", message: "appears twice") }
            seen |= bit
            try read(key, &decoder)
        }
        return try finish()
    }

    private func rawKey(_ object: inout JSONContainer, _ decoder: inout DocumentDecoder) throws -> RawJSONString? {
        do {
            return try decoder.reader.nextRawKey(&object)
        } catch {
            guard error.kind == .tooLong else { throw error }
            throw DocumentError.tooLong(path, window: decoder.reader.capacity, key: true)
        }
    }

    private mutating func read(_ key: LoanDocument.LoanKey, _ decoder: inout DocumentDecoder) throws {
        let place = self.place
        var at: String { "\(place.path).\(key.rawValue)" }
        switch key {
        case .id:
            let text = try decoder.numberText(at)
            guard let value = Int64(text), (1...LoanID.maximum.rawValue).contains(value) else {
                guard DocumentDecoder.isWhole(text) else { throw DocumentError(path: at, message: "\(text) is not a whole number") }
                throw DocumentError(path: at, message: "\(text) is not an id (ids run from 1 to \(LoanID.maximum))")
            }
            id = LoanID(value)
        case .title:
            title = try decoder.string(at)
        case .direction:
            let text = try decoder.string(at)
            guard let value = Direction(rawValue: text) else {
                throw DocumentError(path: at, message: "\(Quoted(text)) is neither \"lent\" nor \"borrowed\"")
            }
            direction = value
        case .counterparty:
            counterparty = try decoder.string(at)
        case .lentOn:
            lentOn = try decoder.date(at)
        case .dueOn:
            dueOn = try decoder.date(at)
        case .returnedOn:
            returnedOn = try decoder.optional { try $0.date(at) }
        case .note:
            note = try decoder.optional { try $0.string(at) }
        case .renewals:
            let value = try decoder.integer(at)
            guard value >= 0 else { throw DocumentError(path: at, message: "\(value) is negative") }
            renewals = value
        case .previousDueDates:
            try decoder.expect(.array, at)
            var array = JSONContainer()
            try decoder.reader.begin(&array, .array)
            while try decoder.reader.nextElement(&array) {
                let date = try decoder.date("\(at)[\(previousDueDates.count)]")
                if let last = previousDueDates.last, date <= last {
                    throw DocumentError(
                        path: "\(at)[\(previousDueDates.count)]", message: "\(date.iso) is not after \(last.iso) (earlier due dates run oldest first)"
                    )
                }
                previousDueDates.append(date)
            }
        case .status:
            let text = try decoder.string(at)
            guard LoanStatus(rawValue: text) != nil else {
                let names = LoanStatus.allCases.map(\.rawValue)
                throw DocumentError(
                    path: at, message: "\(Quoted(text)) is not a status (\(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""))"
                )
            }
        case .daysUntilDue:
            try decoder.skip(at)
        }
    }

    private func required<T>(_ value: T?, _ key: LoanDocument.LoanKey) throws -> T {
        guard let value else { throw DocumentError(path: path, message: "missing \"\(key.rawValue)\"") }
        return value
    }

    private func finish() throws -> Loan {
        let loan = Loan(
            id: try required(id, .id), title: try required(title, .title),
            direction: try required(direction, .direction), counterparty: try required(counterparty, .counterparty),
            lentOn: try required(lentOn, .lentOn), dueOn: try required(dueOn, .dueOn), returnedOn: returnedOn,
            note: note, previousDueDates: previousDueDates
        )
        if let latest = previousDueDates.last, latest >= loan.dueOn {
            throw DocumentError(
                path: "\(path).previous_due_dates[\(previousDueDates.count - 1)]",
                message: "\(latest.iso) is not before the due date \(loan.dueOn.iso)"
            )
        }
        if let renewals, renewals != Int64(previousDueDates.count) {
            throw DocumentError(
                path: "\(path).renewals",
                message: "\(renewals) does not match the \(previousDueDates.count) dates in previous_due_dates"
            )
        }
        do {
            return try LoanRules.validated(loan)
        } catch {
            throw DocumentError(path: "\(path).\(error.field.rawValue)", message: error.description)
        }
    }
}

extension LoanRuleViolation {
    /// The field a violation is about, for a document path.
    var field: LoanField {
        switch self {
        case .empty(let field), .tooLong(let field, _), .nulCharacter(let field): field
        case .dueBeforeLent: .dueOn
        case .returnedBeforeLent: .returnedOn
        }
    }
}
