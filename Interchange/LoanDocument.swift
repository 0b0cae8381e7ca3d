import LoansCore

/// The interchange document, defined once: `loans json` writes it (the JSON front), `loans import`
/// and the fixture store read it (here). Keys are listed in the order documents print them.
public enum LoanDocument {
    /// The only version this build reads and writes.
    public static let schemaVersion = 1

    /// Keys of the envelope, in order.
    public enum EnvelopeKey: String, CaseIterable, Sendable {
        case schemaVersion = "schema_version", query, generatedAt = "generated_at", today
        case windowDays = "window_days", summary, loans
    }

    /// Keys of a loan object, in order. `status` and `days_until_due` are derived: written, never read.
    public enum LoanKey: String, CaseIterable, Sendable {
        case id, title, direction, counterparty
        case lentOn = "lent_on", dueOn = "due_on", returnedOn = "returned_on"
        case note, renewals, previousDueDates = "previous_due_dates"
        case status, daysUntilDue = "days_until_due"

        /// The key's place in `allCases`, for a bit set of keys seen.
        var position: Int { LoanKey.ordered.firstIndex(of: self) ?? 0 }

        /// The key spelled by these UTF-8 bytes, compared without building a string.
        init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
            for (key, spelling) in LoanKey.spellings where spelling.count == bytes.count && spelling.elementsEqual(bytes) {
                self = key
                return
            }
            return nil
        }

        private static let spellings = allCases.map { ($0, Array($0.rawValue.utf8)) }

        /// The keys in order, computed once (`allCases` builds a new array on every use).
        public static let ordered = allCases
    }

    /// Decodes a whole `all` document, handing each loan (checked against every rule, names
    /// trimmed) to `visit` in document order. Throws `DocumentError` for the first problem, or
    /// whatever `visit` throws. A caller that writes must do so in a transaction it can roll back:
    /// the envelope's `schema_version` may come after the loans.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ visit: (Loan) throws -> Void) throws {
        var decoder = DocumentDecoder(reader: JSONReader(bytes))
        do {
            try decoder.document(visit)
        } catch let error as JSONSyntaxError {
            throw DocumentError.syntax(error, in: bytes)
        }
    }

    /// Decodes a whole document held in memory into its loans.
    public static func decode(_ bytes: [UInt8]) throws -> [Loan] {
        try contents(of: bytes).loans
    }

    /// Decodes a whole document held in memory: its loans, and the identity of the store it came
    /// from when it names one (`database_id`).
    public static func contents(of bytes: [UInt8]) throws -> (loans: [Loan], databaseID: String?) {
        var loans: [Loan] = []
        var databaseID: String?
        try bytes.withUnsafeBufferPointer { buffer in
            var decoder = DocumentDecoder(reader: JSONReader(buffer))
            do {
                try decoder.document { loans.append($0) }
            } catch let error as JSONSyntaxError {
                throw DocumentError.syntax(error, in: buffer)
            }
            databaseID = decoder.databaseID
        }
        return (loans, databaseID)
    }

    /// The key naming the store a document came from.
    static let databaseIDKey = "database_id"

    /// Whether `text` can be a store's identity: 1–64 ASCII letters, digits and hyphens.
    static func isDatabaseID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D }
    }
}

/// Walks the envelope and its loans, naming each problem by its path.
struct DocumentDecoder {
    var reader: JSONReader
    /// The document's `database_id`, once read.
    var databaseID: String?

    mutating func document(_ visit: (Loan) throws -> Void) throws {
        guard try reader.peekKind() == .object else { throw DocumentError(path: "document", message: "expected an object") }
        var seen = Set<String>()
        var version: Int64?
        var object = JSONContainer()
        try reader.begin(&object, .object)
        while let key = try reader.nextKey(&object) {
            guard seen.insert(key).inserted else {
                throw DocumentError(path: "document", message: "key \(Quoted(key)) appears twice")
            }
            if key == LoanDocument.databaseIDKey {
                databaseID = try optional { try $0.string(key) }
                if let id = databaseID, !LoanDocument.isDatabaseID(id) {
                    throw DocumentError(path: key, message: "\(Quoted(id)) is not a database identity (1 to 64 letters, digits and hyphens)")
                }
                continue
            }
            switch LoanDocument.EnvelopeKey(rawValue: key) {
            case .schemaVersion:
                let value = try integer(key)
                guard value == Int64(LoanDocument.schemaVersion) else {
                    throw DocumentError(path: key, message: "\(value) is not a known version (this loans reads \(LoanDocument.schemaVersion))")
                }
                version = value
            case .query:
                let query = try string(key)
                guard query == "all" else {
                    throw DocumentError(path: key, message: "\(Quoted(query)) cannot be imported; only the document of 'loans json all' can")
                }
            case .loans:
                try loans(visit)
            case .generatedAt, .today, .windowDays, .summary:
                try reader.skipValue()
            case nil:
                throw DocumentError(path: "document", message: "\(Quoted(key)) is not a key of a loans document")
            }
        }
        try reader.expectEnd()
        guard version != nil else { throw DocumentError(path: "schema_version", message: "missing") }
        guard seen.contains("loans") else { throw DocumentError(path: "loans", message: "missing") }
    }

    mutating func loans(_ visit: (Loan) throws -> Void) throws {
        try expect(.array, "loans")
        var ids: [Int64: Int] = [:]
        var array = JSONContainer()
        try reader.begin(&array, .array)
        var index = 0
        while try reader.nextElement(&array) {
            let loan = try LoanObjectDecoder(index: index).decode(&self)
            if let first = ids.updateValue(index, forKey: loan.id.rawValue) {
                throw DocumentError(path: "loans[\(index)].id", message: "\(loan.id) is also the id of loans[\(first)]")
            }
            try visit(loan)
            index += 1
        }
    }

    mutating func expect(_ kind: JSONKind, _ path: @autoclosure () -> String) throws {
        let found = try reader.peekKind()
        guard found == kind else { throw DocumentError(path: path(), message: "expected \(kind), found \(found)") }
    }

    mutating func string(_ path: @autoclosure () -> String) throws -> String {
        try expect(.string, path())
        return try reader.readString()
    }

    mutating func integer(_ path: @autoclosure () -> String) throws -> Int64 {
        try expect(.number, path())
        let text = try reader.readNumberText()
        guard let value = Int64(text) else {
            let whole = text.allSatisfy { $0 == "-" || $0.isNumber }
            throw DocumentError(path: path(), message: whole ? "\(text) is out of range" : "\(text) is not a whole number")
        }
        return value
    }

    /// A `YYYY-MM-DD` string, read straight from the document's bytes when it has no escapes.
    mutating func date(_ path: @autoclosure () -> String) throws -> CivilDate {
        try expect(.string, path())
        let raw = try reader.readRawString()
        if !raw.escaped, let date = CivilDate(isoBytes: raw.bytes) { return date }
        let text = try reader.string(from: raw)
        guard let date = CivilDate(iso: text) else {
            throw DocumentError(path: path(), message: "\(Quoted(text)) is not a date")
        }
        return date
    }

    mutating func optional<T>(_ read: (inout DocumentDecoder) throws -> T) throws -> T? {
        if try reader.readNullIfPresent() { return nil }
        return try read(&self)
    }
}
