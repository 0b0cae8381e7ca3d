import LoansCore

/// The interchange document, defined once: `loans json` writes it (the JSON front), `loans import`
/// and the fixture store read it (here). Keys are listed in the order documents print them.
package enum LoanDocument {
    /// The only version this build reads and writes.
    package static let schemaVersion = 1

    /// Keys of the envelope, in order.
    package enum EnvelopeKey: String, CaseIterable, Sendable {
        case schemaVersion = "schema_version", query, generatedAt = "generated_at", today
        case windowDays = "window_days", summary
        /// The identity of the store the document came from (null when it has none).
        case databaseID = "database_id"
        /// The history, oldest first (`json all --history` only), before the loans so that an
        /// import reading the document as a stream meets the history first.
        case changes
        /// The contacts (`json all` only), after the history they came from.
        case people
        case loans
    }

    /// Keys of a person object (a contact), in order.
    package enum ContactKey: String, CaseIterable, Sendable {
        case name, email
    }

    /// Keys of a loan object, in order. `status` and `days_until_due` are derived: written, never read.
    package enum LoanKey: String, CaseIterable, Sendable {
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
        package static let ordered = allCases
    }

    /// The largest document read (import files, fixtures, standard input): 256 MiB. A larger one
    /// is refused before it is read whole; memory stays the same whatever the size.
    package static let maximumBytes = 256 << 20

    /// Decodes a whole `all` document from `source`, handing each loan (checked against every
    /// rule, names trimmed) to `visit` in document order, as it is read. Throws `DocumentError`
    /// for the first problem, what the source throws, or whatever `visit` throws. A caller that
    /// writes must do so in a transaction it can roll back: the envelope's `schema_version` may
    /// come after the loans.
    /// Returns the document's `database_id`, when it names one.
    @discardableResult
    package static func decode(_ source: DocumentSource, _ visit: (Loan) throws -> Void) throws -> String? {
        try decode(source, windowSize: JSONReader.windowSize, limit: maximumBytes, visit)
    }

    /// Decodes a whole `all` document from `source`, handing its history's changes (each followed
    /// by the loans it touched), when it carries one, and then each loan to `visitor` in document
    /// order, as they are read — every value checked first. The same rules and errors as
    /// `decode(_:_:)`; returns the document's `database_id`, when it names one.
    @discardableResult
    package static func decode(_ source: DocumentSource, visitor: any LoanDocumentVisitor) throws -> String? {
        try decode(source, windowSize: JSONReader.windowSize, limit: maximumBytes, visitor: visitor)
    }

    /// The same, through a window of `windowSize` bytes and up to `limit` bytes (tests use small
    /// ones to cross their edges).
    /// Returns the document's `database_id`, when it names one.
    @discardableResult
    static func decode(_ source: DocumentSource, windowSize: Int, limit: Int, _ visit: (Loan) throws -> Void) throws -> String? {
        try withoutActuallyEscaping(visit) { visit in
            try decode(source, windowSize: windowSize, limit: limit, visitor: LoanVisitor(visit))
        }
    }

    /// The same, handing everything to `visitor`.
    @discardableResult
    static func decode(_ source: DocumentSource, windowSize: Int, limit: Int, visitor: any LoanDocumentVisitor) throws -> String? {
        var decoder = DocumentDecoder(reader: JSONReader(source, windowSize: windowSize, limit: limit))
        do {
            try decoder.document(visitor)
            return decoder.databaseID
        } catch let error as JSONSyntaxError {
            switch error.kind {
            case .syntax: throw DocumentError.syntax(error, at: decoder.reader.location(of: error.offset))
            case .tooLong:
                let at = decoder.reader.location(of: error.offset)
                throw DocumentError(path: "line \(at.line), column \(at.column)", message: "a value \(error.message), the most one value may take")
            case .tooLarge: throw DocumentError(path: "document", message: "\(error.message), the most loans reads")
            case .source: throw decoder.reader.sourceError ?? DocumentError(path: "document", message: error.message)
            }
        }
    }

    /// Decodes a whole document into its loans.
    package static func decode(_ source: DocumentSource) throws -> [Loan] {
        try contents(of: source).loans
    }

    /// Decodes a whole document held in memory into its loans.
    package static func decode(_ bytes: [UInt8]) throws -> [Loan] {
        try decode(.bytes(bytes))
    }

    /// Decodes a whole document: its loans, its contacts, and the identity of the store it came
    /// from when it names one (`database_id`).
    package static func contents(of source: DocumentSource) throws -> (loans: [Loan], people: [Person], databaseID: String?) {
        let collected = Collected()
        let databaseID = try decode(source, windowSize: JSONReader.windowSize, limit: maximumBytes, visitor: collected)
        return (collected.loans, collected.people, databaseID)
    }

    /// Keeps a document's loans and contacts, letting its history go by.
    private final class Collected: LoanDocumentVisitor {
        var loans: [Loan] = []
        var people: [Person] = []

        func change(_ change: Change) throws {}
        func delta(_ delta: LoanDelta) throws {}
        func personDelta(_ delta: PersonDelta) throws {}
        func person(_ person: Person) throws { people.append(person) }
        func loan(_ loan: Loan) throws { loans.append(loan) }
    }

    /// Whether `text` can be a store's identity: 1–64 ASCII letters, digits and hyphens.
    static func isDatabaseID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D }
    }
}

extension DocumentError {
    /// A document over `LoanDocument.maximumBytes`.
    package static let tooLarge = DocumentError(
        path: "document", message: "larger than \(JSONReader.describe(LoanDocument.maximumBytes)), the most loans reads"
    )
}

/// Walks the envelope and its loans, naming each problem by its path.
struct DocumentDecoder {
    var reader: JSONReader
    /// The document's `database_id`, once read.
    var databaseID: String?

    mutating func document(_ visitor: any LoanDocumentVisitor) throws {
        try reader.skipByteOrderMark()
        guard try reader.peekKind() == .object else { throw DocumentError(path: "document", message: "expected an object") }
        var seen = Set<String>()
        var version: Int64?
        var object = JSONContainer()
        try reader.begin(&object, .object)
        while let key = try key(&object, "document") {
            guard seen.insert(key).inserted else {
                throw DocumentError(path: "document", message: "key \(Quoted(key)) appears twice")
            }
            switch LoanDocument.EnvelopeKey(rawValue: key) {
            case .databaseID:
                databaseID = try optional { try $0.string(key) }
                if let id = databaseID, !LoanDocument.isDatabaseID(id) {
                    throw DocumentError(path: key, message: "\(Quoted(id)) is not a database identity (1 to 64 letters, digits and hyphens)")
                }
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
            case .changes:
                if let later = ["people", "loans"].first(where: seen.contains) {
                    throw DocumentError(path: "changes", message: "comes after \"\(later)\"; a history must come before the contacts and loans it led to")
                }
                var changes = ChangeObjectDecoder()
                try changes.changes(&self, visitor)
            case .people:
                try people(visitor.person)
            case .loans:
                try loans(visitor.loan)
            case .generatedAt, .today, .windowDays, .summary:
                try skip(key)
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

    /// The next key of an object, decoded; a key longer than the window is named by `path`.
    mutating func key(_ object: inout JSONContainer, _ path: @autoclosure () -> String) throws -> String? {
        do {
            return try reader.nextKey(&object)
        } catch {
            guard error.kind == .tooLong else { throw error }
            throw DocumentError.tooLong(path(), window: reader.capacity, key: true)
        }
    }

    mutating func expect(_ kind: JSONKind, _ path: @autoclosure () -> String) throws {
        let found = try reader.peekKind()
        guard found == kind else { throw DocumentError(path: path(), message: "expected \(kind), found \(found)") }
    }

    mutating func string(_ path: @autoclosure () -> String) throws -> String {
        try expect(.string, path())
        do {
            return try reader.readString()
        } catch {
            guard error.kind == .tooLong else { throw error }
            throw DocumentError.tooLong(path(), window: reader.capacity)
        }
    }

    /// The text of a number token, named by `path` when it does not fit the window.
    mutating func numberText(_ path: @autoclosure () -> String) throws -> Substring {
        try expect(.number, path())
        do {
            return try reader.readNumberText()
        } catch {
            guard error.kind == .tooLong else { throw error }
            throw DocumentError.tooLong(path(), window: reader.capacity)
        }
    }

    mutating func integer(_ path: @autoclosure () -> String) throws -> Int64 {
        let text = try numberText(path())
        guard let value = Int64(text) else {
            throw DocumentError(path: path(), message: DocumentDecoder.isWhole(text) ? "\(text) is out of range" : "\(text) is not a whole number")
        }
        return value
    }

    /// Whether a number's text has no fraction and no exponent.
    static func isWhole(_ text: Substring) -> Bool {
        text.allSatisfy { $0 == "-" || $0.isNumber }
    }

    /// A `YYYY-MM-DD` string, read straight from the document's bytes when it has no escapes.
    mutating func date(_ path: @autoclosure () -> String) throws -> CivilDate {
        try expect(.string, path())
        let raw: RawJSONString
        do {
            raw = try reader.readRawString()
        } catch {
            guard error.kind == .tooLong else { throw error }
            throw DocumentError.tooLong(path(), window: reader.capacity)
        }
        if !raw.escaped, let date = CivilDate(isoBytes: reader.bytes(of: raw)) { return date }
        let text = try reader.string(from: raw)
        guard let date = CivilDate(iso: text) else {
            throw DocumentError(path: path(), message: "\(Quoted(text)) is not a date")
        }
        return date
    }

    /// Skips a value that is written but not read, its strings still checked.
    mutating func skip(_ path: @autoclosure () -> String) throws {
        do {
            try reader.skipValue()
        } catch {
            guard error.kind == .tooLong else { throw error }
            throw DocumentError.tooLong(path(), window: reader.capacity)
        }
    }

    mutating func optional<T>(_ read: (inout DocumentDecoder) throws -> T) throws -> T? {
        if try reader.readNullIfPresent() { return nil }
        return try read(&self)
    }
}
