/// SQL text with its parameters, numbered as they are bound.
struct Query {
    private(set) var sql: String
    private(set) var parameters: [String?] = []

    init(_ sql: String) {
        self.sql = sql
    }

    mutating func append(_ text: String) {
        sql += text
    }

    /// Adds a parameter and returns its placeholder, `$n`.
    mutating func bind(_ value: String?) -> String {
        parameters.append(value)
        return "$\(parameters.count)"
    }
}

extension PostgresConnection {
    /// Runs a query built with its parameters.
    @discardableResult
    func execute(_ query: Query) throws(PostgresError) -> PostgresResult {
        try execute(query.sql, query.parameters)
    }
}

extension Query {
    /// The query with more SQL after it.
    func appending(_ text: String) -> Query {
        var query = self
        query.append(text)
        return query
    }
}
