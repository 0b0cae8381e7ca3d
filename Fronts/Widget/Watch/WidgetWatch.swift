import LoansCore

/// `loans widget --watch`: answers once, then sleeps on the live-agenda port and answers again
/// only when the answer may have changed (someone wrote, a new day began) — or, after a failure,
/// when `RetryPause` says to try again — printing only when the line changes (`WidgetFeed`). It
/// ends when nobody reads its output any more.
package struct WidgetWatch {
    let today: Today
    let stores: any LoanStores
    let changes: any AgendaChanges
    let answer: WidgetAnswer

    package init(today: Today, stores: any LoanStores, changes: any AgendaChanges, answer: WidgetAnswer) {
        self.today = today
        self.stores = stores
        self.changes = changes
        self.answer = answer
    }

    /// Runs until `output` loses its reader or `emit` says nobody reads (false). `report` gets each
    /// new failure message once; plain text stops at the first failure by rethrowing it.
    package func run(output: Int32?, emit: ([String]) -> Bool, report: (String) -> Void) throws {
        var feed = WidgetFeed(style: answer.style)
        var lastMessage: String?
        var retry = RetryPause()
        while true {
            let text = try answer.text { try AgendaQuery(store: stores.reader()).summary(today.policy(), leading: answer.leading) } report: { message in
                if message != lastMessage { report(message) }
                lastMessage = message
            }
            if text.state != .failed { lastMessage = nil }
            let pause = text.state == .failed ? retry.milliseconds : nil
            if text.state == .failed { retry.lengthen() } else { retry = RetryPause() }
            let lines = feed.lines(for: text)
            if !lines.isEmpty, !emit(lines) { return }
            if changes.next(input: nil, output: output, timeoutMilliseconds: pause) == .outputClosed { return }
        }
    }
}
