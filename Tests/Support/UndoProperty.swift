import LoansCore
import Testing

/// The undo property, as a check every writable store runs: a seeded random sequence of writes of
/// every kind (some refused by the rules), then undo everything — the loans are exactly as at the
/// start — then redo everything — exactly as at the end; and the history lists exactly the changes
/// that were made, in order.
extension ChangeContract {
    static let property = ChangeCheck(name: "undo all and redo all restore the start and the end", body: undoAllRedoAll)

    static func undoAllRedoAll(_ open: ChangeCheck.OpenWriter) throws {
        for seed: UInt64 in [7, 1234] {
            try undoAllRedoAll(try open("prop\(seed)@test"), seed: seed, steps: 300)
        }
    }

    static func undoAllRedoAll(_ store: any LoanWriting, seed: UInt64, steps: Int) throws {
        var random = Generator(seed: seed)
        let start = try all(store)
        var made: [ChangeKind] = []
        var newest = try store.history(of: nil, limit: 1).first?.id
        for step in 0..<steps {
            let ids = try all(store).map(\.id)
            let id = ids.isEmpty ? LoanID(1) : ids[random.below(ids.count)]
            let day = Sample.day(random.below(40) - 20)
            let kind: ChangeKind
            do {
                switch random.below(8) {
                case 0, 1:
                    kind = .add
                    _ = try AddLoan(store: store).run(LoanDraft(
                        title: "L\(seed)-\(step)", direction: random.below(2) == 0 ? .lent : .borrowed,
                        counterparty: "P\(random.below(5))", lentOn: Sample.day(-30), dueOn: day
                    ))
                case 2:
                    kind = .edit
                    var edit = LoanEdit()
                    edit.note = random.below(3) == 0 ? "" : "note \(step)"
                    edit.dueOn = random.below(2) == 0 ? day : nil
                    _ = try EditLoan(store: store).run(id, edit)
                case 3:
                    kind = .renew
                    _ = try RenewLoan(store: store).run(id, to: .offset(DateOffset(count: random.below(3), unit: .weeks)))
                case 4:
                    kind = .returnLoan
                    _ = try ReturnLoan(store: store).run(id, on: day, today: today)
                case 5:
                    kind = .reopen
                    _ = try ReopenLoan(store: store).run(id)
                case 6:
                    kind = .remove
                    try RemoveLoan(store: store).run(id)
                default:
                    kind = .importDocument
                    let loans = (0..<random.below(4)).map { Sample.loan(Int64(5000 + step * 10 + $0), due: random.below(20) - 10) }
                    _ = try ImportLoans(store: store, conflicts: .renumber).run { visit in for loan in loans { try visit(loan) } }
                }
            } catch is LoanCommandError {
                continue
            }
            let latest = try store.history(of: nil, limit: 1).first?.id
            if latest != newest { made.append(kind) }
            newest = latest
        }
        let end = try all(store)
        var recorded: [ChangeKind] = []
        try store.history(of: nil, limit: made.count) { recorded.append($0.kind) }
        #expect(recorded == made.reversed(), "seed \(seed): the history lists exactly the changes made")
        for _ in made { _ = try UndoChange(store: store).run() }
        #expect(throws: LoanCommandError.nothingToUndo) { try UndoChange(store: store).run() }
        #expect(try all(store) == start, "seed \(seed): undo all gives the start back")
        for _ in made { _ = try RedoChange(store: store).run() }
        #expect(throws: LoanCommandError.nothingToRedo) { try RedoChange(store: store).run() }
        #expect(try all(store) == end, "seed \(seed): redo all gives the end back")
    }

    /// SplitMix64: a small deterministic generator, so a failing seed can be replayed.
    struct Generator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func below(_ bound: Int) -> Int {
            guard bound > 0 else { return 0 }
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}
