import Glibc
import LoansCore
import LoansSystem

/// The wake loop's own watch on the civil day, the same whatever the store: the midnight timer
/// (which also fires when the clock is set) and the zone file (`/etc/localtime`, by inotify —
/// a new zone can move the local day without the clock moving). After either it asks `Today`,
/// the one place that knows which day it is, and tells the loop only when the day moved. Where
/// the kernel refuses the timer or the zone's watch, it looks at the day once a minute.
final class DayWatch {
    /// How often the day is looked at without a timer or a zone watch.
    static let fallbackMilliseconds = 60_000

    private let today: Today
    private let timer = MidnightTimer()
    private let zone: FileWatches?
    private var day: CivilDate
    /// When to look at the day without a wake-up, in the fallback.
    private var nextLook: Int?

    init(today: Today, zoneFile: SystemPath?) {
        self.today = today
        zone = zoneFile.map { FileWatches(data: [], companions: [], zoneFile: $0) }
        day = today.now().today
    }

    /// The timer's and the zone watch's descriptors, to wait on for readability.
    var descriptors: [(FileDescriptor, PollEvents)] {
        [timer.descriptor, zone?.descriptor].compactMap { $0.map { ($0, PollEvents.readable) } }
    }

    /// When the day is to be looked at even if nothing wakes the loop: only in the fallback.
    func askAgainAt(now: Int) -> Int? {
        guard timer.descriptor == nil || zone.map({ !$0.complete }) == true else { return nil }
        if nextLook == nil { nextLook = now + DayWatch.fallbackMilliseconds }
        return nextLook
    }

    /// After a wait: whether a new civil day began since the last look.
    func moved(_ ready: Readiness, now: Int) -> Bool {
        var look = false
        if let zone, ready.isReady(zone.descriptor), zone.drain().zoneChanged {
            tzset()
            timer.arm()
            look = true
        }
        if ready.isReady(timer.descriptor) {
            timer.acknowledge()
            look = true
        }
        if let due = nextLook, due <= now {
            nextLook = nil
            zone?.arm()
            look = true
        }
        guard look else { return false }
        let current = today.now().today
        guard current != day else { return false }
        day = current
        return true
    }
}
