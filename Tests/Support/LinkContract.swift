import Foundation
import LoansCore
import Testing

/// The private links' side of the sign-in contract: share links (one per person, as folded) and
/// calendar feeds (one per account) live in the store alike on every engine, found by the hash
/// of their token, a new one ending the one before at once — across two pools, as two servers on
/// one database would see them — and outside the history.
enum LinkContract {
    static let checks: [SignInCheck] = [
        SignInCheck(name: "a share link is found by its hash, one per person as folded: a new one ends the one before", body: sharePerPerson),
        SignInCheck(name: "revoking a share link ends it at once; a name no loan could have is refused", body: shareRevoked),
        SignInCheck(name: "a calendar feed is found with its account as it is now; a new one, a revocation or the account removed ends it", hashing: feeds),
        SignInCheck(name: "share links and feeds write no change to the history and no loan", hashing: outsideHistory),
    ]

    static let now: Int64 = 1_795_000_000

    static func sharePerPerson(_ open: SignInCheck.Open) throws {
        let links = ShareLinks(store: try open().signIns)
        #expect(try links.make(for: "  Sam ", tokenHash: "sam-1", now: now) == "Sam")
        try links.make(for: "Ada", tokenHash: "ada-1", now: now + 1)
        let other = try open().signIns
        #expect(try other.shareLink("sam-1").map { [$0.tokenHash, $0.holder] } == ["sam-1", "Sam"])
        #expect(try other.shareLink("nobody") == nil)
        try ShareLinks(store: other).make(for: "SAM", tokenHash: "sam-2", now: now + 2)
        #expect(try open().signIns.shareLink("sam-1") == nil, "the link before ends with the new one")
        #expect(try open().signIns.shareLink("sam-2")?.holder == "SAM")
        #expect(try ShareLinks(store: try open().signIns).list() == [ShareLink(name: "Ada", createdAt: now + 1), ShareLink(name: "SAM", createdAt: now + 2)])
    }

    static func shareRevoked(_ open: SignInCheck.Open) throws {
        let links = ShareLinks(store: try open().signIns)
        try links.make(for: "Straße", tokenHash: "strasse", now: now)
        #expect(try ShareLinks(store: try open().signIns).revoke(" STRASSE ") == "Straße")
        #expect(try open().signIns.shareLink("strasse") == nil)
        #expect(try links.revoke("Straße") == nil)
        #expect(throws: LoanRuleViolation.empty(.counterparty)) { try links.make(for: " ", tokenHash: "blank", now: now) }
        #expect(throws: LoanRuleViolation.tooLong(.counterparty, limit: LoanRules.nameLimit)) {
            try links.make(for: String(repeating: "x", count: LoanRules.nameLimit + 1), tokenHash: "long", now: now)
        }
        #expect(try links.list().isEmpty)
    }

    static func feeds(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let accounts = Accounts(store: try open().signIns, passwords: passwords)
        let sam = try accounts.add("Sam", role: .editor, password: AccountContract.password, now: now)
        try accounts.makeFeed("feed-1", for: "sam", now: now)
        let other = Accounts(store: try open().signIns, passwords: passwords)
        try other.changeRole("Sam", to: .viewer)
        let found = try #require(try open().signIns.feed("feed-1"))
        #expect(found.tokenHash == "feed-1" && found.holder.id == sam.id && found.holder.role == .viewer, "its account as it is now")
        try other.makeFeed("feed-2", for: "Sam", now: now + 1)
        #expect(try open().signIns.feed("feed-1") == nil && open().signIns.feed("feed-2") != nil)
        #expect(try other.revokeFeed(of: "SAM"))
        #expect(try open().signIns.feed("feed-2") == nil)
        #expect(try !accounts.revokeFeed(of: "Sam"))
        try accounts.makeFeed("feed-3", for: "Sam", now: now + 2)
        try accounts.remove("Sam")
        #expect(try open().signIns.feed("feed-3") == nil, "removing the account ends its feed")
        #expect(try !open().signIns.endFeed(ofAccount: sam.id), "and no feed is kept for an account that is gone")
        #expect(throws: AccountError.unknown("Sam")) { try accounts.makeFeed("feed-4", for: "Sam", now: now) }
    }

    static func outsideHistory(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let (store, loans) = try open()
        try ShareLinks(store: store).make(for: "Sam", tokenHash: "share", now: now)
        _ = try ShareLinks(store: store).revoke("Sam")
        try Accounts(store: store, passwords: passwords).add("Ada", role: .viewer, password: AccountContract.password, now: now)
        try Accounts(store: store, passwords: passwords).makeFeed("feed", for: "Ada", now: now)
        var changes = 0
        try loans.history(of: nil, limit: nil) { _ in changes += 1 }
        var count = 0
        try loans.loans(.all) { _ in count += 1 }
        #expect(changes == 0 && count == 0)
    }
}
