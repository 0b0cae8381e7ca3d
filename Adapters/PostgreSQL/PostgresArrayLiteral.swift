/// A column of values as one PostgreSQL array literal of text — `{"Dune","Ann",NULL}` — so a
/// batch of a thousand rows travels as one parameter per column (`unnest($1::text[], …)`)
/// instead of one parameter per value: the server parses a few long arrays rather than binding
/// ten thousand parameters, and every value stays a parameter, never SQL.
enum PostgresArrayLiteral {
    static func text(_ values: [String?]) -> String {
        var literal = "{"
        literal.reserveCapacity(values.count * 16)
        for (index, value) in values.enumerated() {
            if index > 0 { literal.append(",") }
            guard let value else {
                literal.append("NULL")
                continue
            }
            literal.append("\"")
            for scalar in value.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { literal.append("\\") }
                literal.unicodeScalars.append(scalar)
            }
            literal.append("\"")
        }
        literal.append("}")
        return literal
    }
}
