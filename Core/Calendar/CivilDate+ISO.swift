extension CivilDate: CustomStringConvertible {
    /// Parses exactly `YYYY-MM-DD` (four, two and two ASCII digits) naming a real day.
    package init?(iso text: some StringProtocol) {
        var string = String(text)
        guard let date = string.withUTF8({ CivilDate(isoBytes: $0) }) else { return nil }
        self = date
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes (as read from a database or a document).
    package init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        self = date
    }

    /// The date as `YYYY-MM-DD`.
    package var iso: String {
        let (y, m, d) = components
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func put(_ value: Int, at start: Int, digits: Int) {
                var rest = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[start + offset] = UInt8(48 + rest % 10)
                    rest /= 10
                }
            }
            put(y, at: 0, digits: 4)
            buffer[4] = UInt8(ascii: "-")
            put(m, at: 5, digits: 2)
            buffer[7] = UInt8(ascii: "-")
            put(d, at: 8, digits: 2)
            return 10
        }
    }

    package var description: String { iso }
}
