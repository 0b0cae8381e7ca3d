@testable import LoansCore
import Testing

/// One schedule for every retry: after 0.25 s, each pause twice the last up to 2 s, and the words
/// the screens use are made from it.
@Suite struct RetryPauseTests {
    @Test func eachPauseIsTwiceTheLastUpToTheLongest() {
        var pause = RetryPause()
        var pauses: [Int] = []
        for _ in 0..<6 {
            pauses.append(pause.milliseconds)
            pause.lengthen()
        }
        #expect(pauses == [250, 500, 1000, 2000, 2000, 2000])
        #expect(RetryPause().milliseconds == RetryPause.first)
    }

    @Test func thePhraseSaysThePauses() {
        #expect(RetryPause.phrase == "after 0.25 s, then up to every 2 s")
        #expect([5, 50, 250, 1000, 1500, 2000, 12_345].map(RetryPause.seconds)
            == ["0.005 s", "0.05 s", "0.25 s", "1 s", "1.5 s", "2 s", "12.345 s"])
    }
}
