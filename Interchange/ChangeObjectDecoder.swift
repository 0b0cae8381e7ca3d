import LoansCore

/// Reads the `changes` array of a document (`json all --history`), oldest first, handing each
/// change and then each loan it touched to the visitor as they are read, so a change of a
/// million loans is never held whole. Every field is checked: ids from 1 to 2^53−1, increasing;
/// RFC 3339 instants; a who; a known kind; a target (an earlier change that undo may revert) for
/// undo and redo only; `undone` only on changes undo may revert; each loan's id increasing within
/// its change, and its states before and after by the rules of every loan; each contact's states
/// by the rules of a contact, of one person, the people in the order of their keys. A change's
/// `loans` comes after its other keys, as `json` writes them, so a change is known before its
/// loans, and its `people` (which a document from before contacts leaves out) after its loans.
struct ChangeObjectDecoder {
    /// The ids of the changes read so far that an undo or a redo may name as its target.
    private var revertible = Set<Int64>()
    /// The id of the change read last.
    private var lastID: Int64 = 0

    /// The keys of a change object, in the order `json` writes them.
    enum Key: String, CaseIterable {
        case id, at, who, kind, target, undone, loans, people
    }

    mutating func changes(_ decoder: inout DocumentDecoder, _ visitor: any LoanDocumentVisitor) throws {
        try decoder.expect(.array, "changes")
        var array = JSONContainer()
        try decoder.reader.begin(&array, .array)
        var index = 0
        while try decoder.reader.nextElement(&array) {
            try change(index, &decoder, visitor)
            index += 1
        }
    }

    private mutating func change(_ index: Int, _ decoder: inout DocumentDecoder, _ visitor: any LoanDocumentVisitor) throws {
        let path = "changes[\(index)]"
        try decoder.expect(.object, path)
        var object = JSONContainer()
        try decoder.reader.begin(&object, .object)
        var seen = Set<Key>()
        var id: Int64?, at: UTCTimestamp?, who: String?, kind: ChangeKind?, target: Int64?, undone: Bool?
        while let name = try decoder.key(&object, path) {
            guard let key = Key(rawValue: name) else {
                throw DocumentError(path: path, message: "\(Quoted(name)) is not a key of a change")
            }
            guard seen.insert(key).inserted else { throw DocumentError(path: "\(path).\(name)", message: "appears twice") }
            let field = "\(path).\(name)"
            switch key {
            case .id:
                let value = try Self.id(&decoder, field)
                guard value > lastID else {
                    throw DocumentError(path: field, message: "\(value) is not after \(lastID), the change before it (changes run oldest first)")
                }
                id = value
            case .at:
                let text = try decoder.string(field)
                guard let instant = UTCTimestamp(rfc3339: text) else {
                    throw DocumentError(path: field, message: "\(Quoted(text)) is not an instant (YYYY-MM-DDTHH:MM:SSZ)")
                }
                at = instant
            case .who:
                let text = try decoder.string(field)
                guard !text.isEmpty, !text.utf8.contains(0) else {
                    throw DocumentError(path: field, message: text.isEmpty ? "is empty" : "contains a NUL character")
                }
                who = text
            case .kind:
                let text = try decoder.string(field)
                guard let value = ChangeKind(rawValue: text) else {
                    let names = ChangeKind.allCases.map(\.rawValue)
                    throw DocumentError(
                        path: field, message: "\(Quoted(text)) is not a kind of change (\(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""))"
                    )
                }
                kind = value
            case .target:
                target = try decoder.optional { try Self.id(&$0, field) }
            case .undone:
                try decoder.expect(.bool, field)
                undone = try decoder.reader.readBool()
            case .loans:
                let missing = Key.allCases.filter { $0 != .loans && $0 != .people && !seen.contains($0) }.map { Quoted($0.rawValue).description }
                guard missing.isEmpty, let id, let at, let who, let kind, let undone else {
                    throw DocumentError(path: path, message: "\(missing.joined(separator: ", ")) must come before \"loans\"")
                }
                try check(kind: kind, target: target, undone: undone, path)
                lastID = id
                if kind.isUndoable { revertible.insert(id) }
                let change = Change(
                    id: ChangeID(id), at: at, who: who, kind: kind, target: target.map(ChangeID.init), isUndone: undone, loanCount: 0
                )
                try visitor.change(change)
                try deltas(index, &decoder, visitor)
            case .people:
                guard seen.contains(.loans) else { throw DocumentError(path: field, message: "must come after \"loans\"") }
                try personDeltas(index, &decoder, visitor)
            }
        }
        guard seen.contains(.loans) else { throw DocumentError(path: path, message: "missing \"loans\"") }
    }

    /// An id: a whole number from 1 to 2^53−1.
    private static func id(_ decoder: inout DocumentDecoder, _ path: String) throws -> Int64 {
        let text = try decoder.numberText(path)
        guard let value = Int64(text), (1...LoanID.maximum.rawValue).contains(value) else {
            guard DocumentDecoder.isWhole(text) else { throw DocumentError(path: path, message: "\(text) is not a whole number") }
            throw DocumentError(path: path, message: "\(text) is not an id (ids run from 1 to \(LoanID.maximum))")
        }
        return value
    }

    /// Undo and redo name an earlier change that undo may revert, and are never undone themselves;
    /// no other change names a target.
    private func check(kind: ChangeKind, target: Int64?, undone: Bool, _ path: String) throws {
        if kind.isUndoable {
            if let target { throw DocumentError(path: "\(path).target", message: "\(target): only an undo or a redo has a target") }
            return
        }
        guard let target else { throw DocumentError(path: "\(path).target", message: "missing: an \(kind.rawValue) names the change it reverted or re-applied") }
        guard revertible.contains(target) else {
            throw DocumentError(path: "\(path).target", message: "\(target) is not an earlier change of the document that undo may revert")
        }
        if undone { throw DocumentError(path: "\(path).undone", message: "an \(kind.rawValue) is never undone") }
    }

    /// The loans of change `index`, in increasing id order, each with its states before and after.
    private func deltas(_ index: Int, _ decoder: inout DocumentDecoder, _ visitor: any LoanDocumentVisitor) throws {
        let path = "changes[\(index)].loans"
        try decoder.expect(.array, path)
        var array = JSONContainer()
        try decoder.reader.begin(&array, .array)
        var position = 0
        var lastLoan: Int64 = 0
        while try decoder.reader.nextElement(&array) {
            let at = "\(path)[\(position)]"
            try decoder.expect(.object, at)
            var object = JSONContainer()
            try decoder.reader.begin(&object, .object)
            var id: Int64?
            var states: [String: Loan?] = [:]
            while let name = try decoder.key(&object, at) {
                guard ["id", "before", "after"].contains(name) else {
                    throw DocumentError(path: at, message: "\(Quoted(name)) is not a key of a change's loan")
                }
                guard name == "id" ? id == nil : states[name] == nil else { throw DocumentError(path: "\(at).\(name)", message: "appears twice") }
                if name == "id" {
                    let value = try Self.id(&decoder, "\(at).id")
                    guard value > lastLoan else {
                        throw DocumentError(path: "\(at).id", message: "\(value) is not after \(lastLoan) (a change's loans run in id order)")
                    }
                    id = value
                } else {
                    let place = LoanObjectDecoder.Place.change(index, loan: position, side: name)
                    states[name] = .some(try decoder.optional { try LoanObjectDecoder(place).decode(&$0) })
                }
            }
            guard let id else { throw DocumentError(path: at, message: "missing \"id\"") }
            for side in ["before", "after"] {
                guard let state = states[side] else { throw DocumentError(path: at, message: "missing \"\(side)\"") }
                if let loan = state, loan.id.rawValue != id {
                    throw DocumentError(path: "\(at).\(side).id", message: "\(loan.id) is not the id of the change's loan, \(id)")
                }
            }
            lastLoan = id
            try visitor.delta(LoanDelta(id: LoanID(id), before: states["before"] ?? nil, after: states["after"] ?? nil))
            position += 1
        }
    }

    /// The contacts of change `index`, in the order of their keys, each with its contact before
    /// and after (one of them at least), both of one person.
    private func personDeltas(_ index: Int, _ decoder: inout DocumentDecoder, _ visitor: any LoanDocumentVisitor) throws {
        let path = "changes[\(index)].people"
        try decoder.expect(.array, path)
        var array = JSONContainer()
        try decoder.reader.begin(&array, .array)
        var position = 0
        var lastKey: PersonKey?
        while try decoder.reader.nextElement(&array) {
            let at = "\(path)[\(position)]"
            try decoder.expect(.object, at)
            var object = JSONContainer()
            try decoder.reader.begin(&object, .object)
            var states: [String: Person?] = [:]
            while let name = try decoder.key(&object, at) {
                guard ["before", "after"].contains(name) else {
                    throw DocumentError(path: at, message: "\(Quoted(name)) is not a key of a change's person")
                }
                guard states[name] == nil else { throw DocumentError(path: "\(at).\(name)", message: "appears twice") }
                states[name] = .some(try decoder.optional { try PersonObjectDecoder(path: "\(at).\(name)").decode(&$0) })
            }
            for side in ["before", "after"] where states[side] == nil {
                throw DocumentError(path: at, message: "missing \"\(side)\"")
            }
            let before = states["before"] ?? nil, after = states["after"] ?? nil
            guard let key = (before ?? after)?.key else { throw DocumentError(path: at, message: "\"before\" and \"after\" are both null") }
            if let after, after.key != key {
                throw DocumentError(path: "\(at).after.name", message: "\(Quoted(after.name)) is not the person of \"before\"")
            }
            if let lastKey, !(lastKey < key) {
                throw DocumentError(path: at, message: "is not after the person before it (a change's people run in the order of their names, folded)")
            }
            lastKey = key
            try visitor.personDelta(PersonDelta(key: key, before: before, after: after))
            position += 1
        }
    }
}
