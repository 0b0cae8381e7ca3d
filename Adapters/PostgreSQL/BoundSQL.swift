/// SQL text with its parameters, numbered `$1`, `$2` … as they are bound: values never enter
/// the text.
struct BoundSQL {
    private(set) var sql: String
    private(set) var parameters: [String?] = []

    init(_ sql: String) {
        self.sql = sql
    }

    mutating func append(_ text: String) {
        sql += text
    }

    /// The same with more SQL after it.
    func appending(_ text: String) -> BoundSQL {
        var longer = self
        longer.append(text)
        return longer
    }

    /// Adds a parameter and returns its placeholder.
    mutating func bind(_ value: String?) -> String {
        parameters.append(value)
        return "$\(parameters.count)"
    }
}

extension PostgresConnection {
    /// Runs SQL bound to its parameters.
    @discardableResult
    func execute(_ bound: BoundSQL) throws(PostgresError) -> PostgresResult {
        try execute(bound.sql, bound.parameters)
    }
}
