import LoansCore

/// The rowid of an open loan in the search index (`loan_search`): its due day and id packed into
/// one integer, `day << 41 | id`, so that rowid order is (due date, id) order. The index then
/// hands out matches already in the order every walk needs, from any key, either way, and stops
/// at the limit. Days run to 3 652 058 (9999-12-31, under 2^22), so every packed key is positive
/// and below 2^63. Ids of 2^41 and more do not fit: those loans (only an import can make them)
/// are left out of the index and found by a walk over their own small index (`loan_open_big`).
enum SearchKey {
    static let idBits: Int64 = 41
    /// The first id that does not fit (2^41); kept in step with the literal in the migration.
    static let firstUnpackedID: Int64 = 1 << idBits
    /// The mask that takes the id back out of a packed key.
    static let idMask: Int64 = firstUnpackedID - 1

    static func packed(_ day: CivilDate, _ id: Int64) -> Int64 {
        Int64(day.dayNumber) << idBits | id
    }

    /// The due date and id a packed key stands for.
    static func unpacked(_ key: Int64) -> DueOrderKey? {
        CivilDate(dayNumber: Int(key >> idBits)).map { DueOrderKey(dueOn: $0, id: LoanID(key & idMask)) }
    }

    /// The packed keys of the loans due within `range` and strictly beyond `key` in the walk's
    /// order (ascending, or descending when `descending`), as an inclusive interval; nil when
    /// no packed key can lie in it. A key whose id does not fit is placed where its loan sorts.
    static func interval(_ range: DueRange, beyond key: DueOrderKey?, descending: Bool) -> ClosedRange<Int64>? {
        var low = packed(range.from ?? .earliest, 0)
        var high = packed(range.through, idMask)
        if let key {
            let day = Int64(key.dueOn.dayNumber) << idBits
            let id = key.id.rawValue
            if descending {
                high = min(high, id <= 0 ? day - 1 : id > idMask ? day | idMask : day | (id - 1))
            } else {
                low = max(low, id < 0 ? day : id >= idMask ? day + firstUnpackedID : day | (id + 1))
            }
        }
        return low <= high ? low...high : nil
    }
}
