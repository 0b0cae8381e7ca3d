import LoansCore
import Testing

/// Where a new loan's id comes from once the largest id is taken: after the largest used id
/// below the run of used ids that ends at the top; nil only when no id at all is free. Each
/// step asks the store for one largest used id below a bound (an index lookup), so the walk
/// costs the length of that run, not the number of loans.
@Suite struct FreeIDTests {
    /// A store's used ids, answering "the largest used id below" as an index would, counting the questions.
    final class Used {
        let ids: [Int64]
        var questions = 0
        init(_ ids: [Int64]) { self.ids = ids.sorted() }
        func below(_ bound: LoanID) -> LoanID? {
            questions += 1
            return ids.last { $0 < bound.rawValue }.map(LoanID.init)
        }
    }

    func free(_ used: Used, below ceiling: LoanID = .maximum) -> Int64? {
        LoanID.free(below: ceiling, usedBelow: used.below)?.rawValue
    }

    @Test func theFirstFreeIDAfterTheLargestUsedBelowTheTop() {
        let dense = Used(Array(1...1000) + [LoanID.maximum.rawValue])
        #expect(free(dense) == 1001)
        #expect(dense.questions == 1, "one lookup when only the largest id stands at the top")
        #expect(free(Used([LoanID.maximum.rawValue])) == 1, "nothing below the largest: the first id")
        let run = Used([1, 2, 3, 9, LoanID.maximum.rawValue - 2, LoanID.maximum.rawValue - 1, LoanID.maximum.rawValue])
        #expect(free(run) == 10, "ids 4-8 lie below a used one, so the next is after 9")
        #expect(run.questions == 3)
        #expect(free(Used([1, 2, 3, 5, 6, 7]), below: LoanID(7)) == 4, "below another ceiling the same")
    }

    @Test func noIDWhenEveryIDBelowTheCeilingIsTaken() {
        #expect(free(Used([1, 2, 3, 4, 5]), below: LoanID(5)) == nil)
        #expect(free(Used([2, 3, 4, 5]), below: LoanID(5)) == 1)
        #expect(free(Used([1]), below: LoanID(1)) == nil)
    }
}
