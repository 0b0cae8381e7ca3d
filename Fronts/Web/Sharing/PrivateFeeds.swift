import LoansCore

/// Each account's private calendar feed: `GET /feeds/TOKEN.ics` — no sign-in, for a calendar
/// app that sends no cookie — is the very document of `/calendar.ics`, kept by the app's cache
/// for five minutes, with its `ETag` (and `304`); `POST /feeds`, the agenda's button, makes the
/// account's feed anew (ending the one before) and shows its `webcal://` address once. A token
/// that opens no feed is `noSuchAddress`.
extension WebFront {
    /// How long a calendar app may keep the feed before asking again.
    static let feedCache = "private, max-age=300"

    func privateFeed(_ token: String, _ request: WebRequest) -> WebAnswer {
        let tag: String
        do {
            guard try feedAccount(token) != nil else { return WebFront.noSuchAddress }
            tag = try services.readers.read { try WebFront.entityTag(of: $0, "calendar") }
        } catch {
            return WebFront.privately(unavailable(error, machine: true))
        }
        if let unchanged = notModified(tag, request, cache: WebFront.feedCache) { return WebFront.privately(unchanged) }
        let readers = services.documentReaders
        let feed = services.calendar
        return WebFront.privately(
            WebAnswer(
                status: 200,
                headers: [
                    WebField("Content-Type", "text/calendar; charset=utf-8"), WebField("ETag", tag), WebField("Cache-Control", WebFront.feedCache),
                    WebField("Content-Disposition", "inline; filename=\"loans.ics\""),
                ],
                body: .written { sink in try readers.read { try feed(CalendarFeedQuery(store: $0), sink) } }
            )
        )
    }

    /// `POST /feeds`: a new feed for the visitor's own account (an editor's or a viewer's), its
    /// address on the answer only — the store keeps its hash, so no page can show it again.
    func makeFeed(_ visit: Visit) -> WebAnswer {
        guard let token = WebTokens.random() else {
            return .page(500, PageLayout.problem(chrome("No feed", .none, visit), heading: "No feed", message: "The system gave no randomness for a new address; nothing was made."))
        }
        do {
            try services.signIns.keepFeed(tokenHash: WebTokens.hash(token), account: visit.person.account, now: visit.seconds)
        } catch {
            return unavailable(error, machine: false)
        }
        let bytes = PageLayout.page(chrome("Your private calendar feed", .none, visit)) { html in
            ShareView.feedMade(services.base.feedSubscription(token), &html)
        }
        return WebFront.privately(page(200, bytes, visit))
    }
}
