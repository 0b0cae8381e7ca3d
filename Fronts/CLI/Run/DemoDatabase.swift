import Glibc
import LoansAdapters
import LoansCore

/// `--demo`: a throwaway database in a private temporary folder, seeded with loans around
/// today through the same use cases as the command line, removed when the run ends.
final class DemoDatabase {
    let folder: String
    var path: String { folder + "/loans.db" }

    /// The author the seed is recorded as: not the user, so their `undo` never reverts the seed.
    static func seedAuthor(like user: Author) -> Author {
        Author(name: "loans --demo", clock: user.clock)
    }

    init(today: CivilDate, author: Author) throws {
        let base = ProcessEnvironment.current()["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/loans-demo-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
        }
        guard created else {
            throw StoreError(.unavailable, "cannot create a demo folder in \(Quoted(base)): \(String(cString: strerror(errno)))")
        }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try seed(LoanDatabase.writer(at: path, author: DemoDatabase.seedAuthor(like: author)), today: today)
        } catch {
            remove()
            throw error
        }
    }

    func remove() {
        for suffix in [""] + LoanDatabase.companionSuffixes {
            unlink(path + suffix)
        }
        rmdir(folder)
    }

    private func seed(_ store: any LoanWriting, today: CivilDate) throws {
        func day(_ offset: Int) -> CivilDate {
            today.adding(days: offset) ?? (offset < 0 ? .earliest : .latest)
        }
        let add = AddLoan(store: store)
        func loan(_ title: String, _ direction: Direction, _ party: String, lent: Int, due: Int, note: String? = nil) throws -> LoanID {
            try add.run(LoanDraft(title: title, direction: direction, counterparty: party, lentOn: day(lent), dueOn: day(due), note: note))
        }
        _ = try loan("The Hobbit", .lent, "Alice", lent: -30, due: -3, note: "Hardback, dust jacket slightly torn.")
        _ = try loan("Cordless drill", .lent, "Sam next door", lent: -10, due: -1)
        let dune = try loan("Dune", .borrowed, "City Library", lent: -21, due: -7)
        if day(0) > day(-7) { _ = try RenewLoan(store: store).run(dune, to: .date(day(0))) }
        _ = try loan("Camping tent", .borrowed, "Priya", lent: -5, due: 2)
        _ = try loan("The Pragmatic Programmer", .borrowed, "City Library", lent: -3, due: 6)
        _ = try loan("Azul (board game)", .lent, "Jonas", lent: -2, due: 20)
        let ladder = try loan("Ladder", .borrowed, "Dad", lent: -12, due: -6)
        _ = try ReturnLoan(store: store).run(ladder, on: day(-4), today: today)
    }
}
