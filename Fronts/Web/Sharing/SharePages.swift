import LoansCore

/// A share link's page (`GET /s/TOKEN`) and its feed (`GET /s/TOKEN/calendar.ics`): no sign-in,
/// read-only, only what `SharedLoansQuery` lets the person see, never kept by a cache
/// (`no-store`: a revoked link shows nothing more), sent to no one as a `Referer`, indexed by
/// no search engine. A token that opens no link is `noSuchAddress`.
extension WebFront {
    func sharePage(_ token: String) -> WebAnswer {
        let now = services.now()
        let policy = DuePolicy(today: now.today, window: services.window)
        let page: SharePage
        do {
            guard let person = try sharedPerson(token) else { return WebFront.noSuchAddress }
            page = try services.readers.read { store in
                try SharePresenter(policy: policy).page(SharedLoansQuery(store: store, person: person, owner: services.owner), store)
            }
        } catch {
            return WebFront.privately(unavailable(error, machine: false))
        }
        let bytes = PageLayout.page(PageChrome(title: "Your loans with " + page.owner)) { html in
            ShareView.content(page, path: "/s/" + token, base: services.base, &html)
        }
        return WebFront.privately(.page(200, bytes))
    }

    func shareCalendar(_ token: String) -> WebAnswer {
        let person: String
        do {
            guard let found = try sharedPerson(token) else { return WebFront.noSuchAddress }
            person = found
        } catch {
            return WebFront.privately(unavailable(error, machine: true))
        }
        let (readers, feed, owner) = (services.documentReaders, services.calendar, services.owner)
        return WebFront.privately(
            WebAnswer(
                status: 200,
                headers: [
                    WebField("Content-Type", "text/calendar; charset=utf-8"), WebField("Cache-Control", "no-store"),
                    WebField("Content-Disposition", "inline; filename=\"loans.ics\""),
                ],
                body: .written { sink in
                    try readers.read { try feed(CalendarFeedQuery(sharing: SharedLoansQuery(store: $0, person: person, owner: owner)), sink) }
                }
            )
        )
    }
}
