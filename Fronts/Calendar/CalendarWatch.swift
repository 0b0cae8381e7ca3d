import LoansCore

/// `loans calendar --output FILE --watch`: publishes the feed, then sleeps on the live-agenda
/// port and publishes again when the answer may have changed — replacing the file only when the
/// feed's bytes differ from the last published (a fingerprint of them is kept, not the bytes).
/// After a failure it reports the message once and tries again as `RetryPause` schedules,
/// leaving the last good file in place.
package struct CalendarWatch {
    let stores: any LoanStores
    let changes: any AgendaChanges
    let alarms: [Int]
    let product: String

    package init(stores: any LoanStores, changes: any AgendaChanges, alarms: [Int], product: String) {
        self.stores = stores
        self.changes = changes
        self.alarms = alarms
        self.product = product
    }

    /// Runs until the process is stopped. `publish` opens a new copy of the file, hands its
    /// writer to the body, and replaces the file with it when the body returns true (else
    /// discards it). `report` gets each new failure message once.
    package func run(publish: (_ body: (_ write: ([UInt8]) throws -> Void) throws -> Bool) throws -> Void, report: (String) -> Void) -> Never {
        var published: UInt64?
        var lastMessage: String?
        var retry = RetryPause()
        while true {
            do {
                let feed = CalendarFeed(query: CalendarFeedQuery(store: try stores.reader()), alarms: alarms, product: product)
                var fingerprint = Fingerprint()
                try publish { write in
                    try feed.write { chunk in
                        fingerprint.add(chunk)
                        try write(chunk)
                    }
                    return fingerprint.value != published
                }
                published = fingerprint.value
                lastMessage = nil
                retry = RetryPause()
            } catch {
                let message = "\(error)"
                if message != lastMessage { report(message) }
                lastMessage = message
            }
            let pause = lastMessage == nil ? nil : retry.milliseconds
            if lastMessage != nil { retry.lengthen() }
            _ = changes.next(input: nil, output: nil, timeoutMilliseconds: pause)
        }
    }
}

/// FNV-1a, 64 bits, over a feed's bytes: the same bytes give the same value in every run.
struct Fingerprint {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }
}
