import Foundation
import LoansTestSupport
import Testing

/// The page's `<title>` — what a browser's tab and history show, outside the page, where no
/// markup can isolate a right-to-left override the way the body's `<bdi>` does — shows a loan
/// title's control and bidi characters as the calendar feed and the status bars do: as
/// spaces, never raw (a raw U+202E reverses the tab's text) and never as U+FFFD.
@Suite struct ServeTitleTests {
    static let hostile = "Dune\r\u{202E}live\u{2066}x\u{7}"

    /// The text between `<title>` and `</title>`.
    static func title(_ page: String) throws -> String {
        let start = try #require(page.range(of: "<title>")).upperBound
        let end = try #require(page.range(of: "</title>", range: start..<page.endIndex)).lowerBound
        return String(page[start..<end])
    }

    @Test func aTitleShowsControlAndBidiCharactersAsSpaces() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", ServeTitleTests.hostile, "--to", "Sam", "--due", "2026-12-06")
        let serve = try ServeProcess(loans)
        try serve.signIn()
        let loan = try ServeTitleTests.title(try serve.curl("/loans/1").body)
        #expect(loan == "#1 Dune  live x  — loans", "\(Array(loan.unicodeScalars))")
        // In the page's body the title is still whole, isolated.
        #expect(try serve.curl("/loans/1").body.contains("<bdi>Dune\u{FFFD}\u{202E}live\u{2066}x\u{FFFD}</bdi>"))
    }
}
