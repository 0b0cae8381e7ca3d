import LoansCore

/// Reads one person object of a document — `{"name": …, "email": … | null}`, in the document's
/// `people` or before or after a change of its history — and checks it by the rules of a contact:
/// the name by the rules of a counterparty's name, the address by `EmailAddress`. `email` may be
/// left out (no address); an unknown key is refused.
struct PersonObjectDecoder {
    let path: String

    consuming func decode(_ decoder: inout DocumentDecoder) throws -> Person {
        try decoder.expect(.object, path)
        var object = JSONContainer()
        try decoder.reader.begin(&object, .object)
        var name: String?
        var email: EmailAddress?
        var seen = Set<LoanDocument.ContactKey>()
        while let text = try decoder.key(&object, path) {
            guard let key = LoanDocument.ContactKey(rawValue: text) else {
                throw DocumentError(path: path, message: "\(Quoted(text)) is not a key of a person")
            }
            let at = "\(path).\(key.rawValue)"
            guard seen.insert(key).inserted else { throw DocumentError(path: at, message: "appears twice") }
            switch key {
            case .name:
                let given = try decoder.string(at)
                do {
                    name = try PersonRules.name(given)
                } catch {
                    throw DocumentError(path: at, message: error.description)
                }
            case .email:
                email = try decoder.optional { decoder in
                    let given = try decoder.string(at)
                    do {
                        return try EmailAddress(parsing: given)
                    } catch {
                        throw DocumentError(path: at, message: "\(Quoted(given)) is not an e-mail address: \(error)")
                    }
                }
            }
        }
        guard let name else { throw DocumentError(path: path, message: "missing \"name\"") }
        return Person(name: name, email: email)
    }
}

extension DocumentDecoder {
    /// The document's `people`: each contact checked, no two with the same name as names are
    /// compared (only their keys are kept to tell, a few bytes each).
    mutating func people(_ visit: (Person) throws -> Void) throws {
        try expect(.array, "people")
        var keys: [PersonKey: Int] = [:]
        var array = JSONContainer()
        try reader.begin(&array, .array)
        var index = 0
        while try reader.nextElement(&array) {
            let person = try PersonObjectDecoder(path: "people[\(index)]").decode(&self)
            if let first = keys.updateValue(index, forKey: person.key) {
                throw DocumentError(
                    path: "people[\(index)].name",
                    message: "\(Quoted(person.name)) names the same person as people[\(first)] (names are compared ignoring case)"
                )
            }
            try visit(person)
            index += 1
        }
    }
}
