import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// The router opens a screen about a loan only when the frame on screen shows its id.
@Suite struct RouterTests {
    @Test func aVisibleIDReachesTheDetail() {
        let app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        var router = Router()
        let opensVisible = router.open(.detail(LoanID(3)), visible: app.frame.visibleIDs)
        #expect(opensVisible)
        #expect(router.current == .detail(LoanID(3)))
        let opensEdit = router.open(.edit(LoanID(3)), visible: [LoanID(3)])
        #expect(opensEdit)
        #expect(router.stack == [.agenda, .detail(LoanID(3)), .edit(LoanID(3))])
    }

    @Test func aStaleIDAfterARefreshGoesNowhere() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        #expect(app.frame.visibleIDs.contains(LoanID(1)))
        _ = try source.store.remove(LoanID(1))
        app.handle(.changed)
        var router = Router()
        let opensStale = router.open(.detail(LoanID(1)), visible: app.frame.visibleIDs)
        #expect(!opensStale)
        let opensStaleRemove = router.open(.remove(LoanID(1)), visible: app.frame.visibleIDs)
        #expect(!opensStaleRemove)
        #expect(router.stack == [.agenda])
    }

    @Test func anInventedIDGoesNowhere() {
        let app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        var router = Router()
        for route in [Route.detail(LoanID(999)), .edit(LoanID(6)), .renew(LoanID(Int64.max)), .returnLoan(LoanID(0))] {
            let opensInvented = router.open(route, visible: app.frame.visibleIDs)
            #expect(!opensInvented)
        }
        #expect(router.current == .agenda)
        let opensWithoutID = router.open(.add, visible: []) && router.open(.help, visible: [])
        #expect(opensWithoutID)
    }

    @Test func aLoanBelowTheScreenIsNotVisibleUntilScrolledTo() {
        let source = MemorySource()
        for index in 0..<40 { source.loan("Loan \(index)", due: -1 - index) }
        var app = TUIApp(source: source, width: 80, height: 10)
        let last = LoanID(1)
        #expect(!app.frame.visibleIDs.contains(last))
        app.press(.character("G"))
        #expect(app.frame.visibleIDs.contains(last))
        #expect(Router().stack == [.agenda])
        var router = Router()
        let opensScrolledTo = router.open(.detail(last), visible: app.frame.visibleIDs)
        #expect(opensScrolledTo)
    }

    @Test func backAndForget() {
        var router = Router()
        let atRoot = router.back()
        #expect(!atRoot)
        router.open(.detail(LoanID(2)), visible: [LoanID(2)])
        router.open(.remove(LoanID(2)), visible: [LoanID(2)])
        router.forget(LoanID(2))
        #expect(router.stack == [.agenda])
        router.open(.help, visible: [])
        let back = router.back()
        #expect(back && router.current == .agenda)
    }
}
