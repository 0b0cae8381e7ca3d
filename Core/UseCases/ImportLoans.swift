/// `loans import`: a whole `all` document, checked completely before anything is written, then
/// written in one transaction, keeping each loan's id where it is free.
public struct ImportLoans {
    let document: [UInt8]

    /// Checks every value of the document (syntax, schema version, types, dates, rules, ids);
    /// throws `DocumentError` naming the first problem.
    public init(document: [UInt8]) throws {
        try document.withUnsafeBufferPointer { bytes in
            try LoanDocument.decode(bytes) { _ in }
        }
        self.document = document
    }

    /// Writes the checked document into `store`, all or nothing.
    public func run(into store: any LoanWriting) throws -> ImportOutcome {
        try store.importLoans { insert in
            try document.withUnsafeBufferPointer { bytes in
                try LoanDocument.decode(bytes, insert)
            }
        }
    }
}
