import LoansCore
import LoansText

/// The pages and forms of people: `/people` (everyone you deal with, a page at a time), a person's
/// page `/people/NAME` (by any spelling of the name; a person nobody names is `404`), and, for an
/// editor, their address (`POST /people/NAME`, `loans person`'s rules and words, one change undo
/// takes back) and their share link (`POST /people/NAME/share`, shown once on the page that
/// answers; `POST /people/NAME/share/revoke`). A form acts on the person as their page names them,
/// so a name typed in another letter case never respells the contact.
extension WebFront {
    func peoplePage(_ visit: Visit) -> WebAnswer {
        let after = visit.request.query("after")
        if let after, !LoanRules.fits(after, LoanRules.nameLimit) {
            return notAPage("after: the name is longer than \(LoanRules.nameLimit) characters", visit)
        }
        let presenter = PeoplePresenter(wallTime: services.wallTime)
        let list: PeoplePage
        do {
            let links = try ShareLinks(store: services.signIns).list()
            list = try services.readers.read { try presenter.page($0, links: links, after: after) }
        } catch {
            return unavailable(error, machine: false)
        }
        let bytes = PageLayout.page(chrome("People", .people, visit)) { html in PeopleView.list(list, &html) }
        return page(200, bytes, visit)
    }

    /// The person's page; `sent` is the address form sent back refused (`422`).
    func personPage(_ name: String, _ visit: Visit, sent: FormState? = nil, status: Int = 200) -> WebAnswer {
        var after: DueOrderKey?
        if let text = visit.request.query("after") {
            guard let key = PageQuery.key(text) else { return notAPage("after: \(Quoted(text)) is not a place in a list (YYYY-MM-DD.ID)", visit) }
            after = DueOrderKey(dueOn: key.date, id: key.id)
        }
        let presenter = PersonPresenter(policy: visit.policy, wallTime: services.wallTime)
        let found: PersonPage?
        let links: [ShareLink]
        do {
            links = try ShareLinks(store: services.signIns).list()
            found = try services.readers.read { try presenter.page(name, $0, links: links, after: after) }
        } catch {
            return unavailable(error, machine: false)
        }
        guard let person = found else { return nobody(name, visit) }
        let shared = links.contains { PersonKey($0.name) == person.person.key }
        let csrf = visit.person.role == .editor ? visit.csrf : nil
        let bytes = PageLayout.page(chrome(person.person.name, .people, visit)) { html in
            PeopleView.person(person, csrf: csrf, sent: sent, shared: shared, &html)
        }
        return page(status, bytes, visit)
    }

    /// `POST /people/NAME`: `email` or `no_email`, as `loans person NAME --email | --no-email`.
    func setPerson(_ name: String, _ visit: Visit) -> WebAnswer {
        let fields = visit.request.form ?? []
        let email: EmailAddress?
        do {
            email = try PersonForms.email(fields)
        } catch {
            return personPage(name, visit, sent: FormState(refusal: error), status: 422)
        }
        let person: PersonStanding
        switch standing(name, visit) {
        case .found(let found): person = found
        case .answer(let answer): return answer
        }
        return change(visit) { store in
            let outcome = try SetPerson(store: store).run(person.name, email: email)
            return (PersonPath.page(outcome.after.name), PersonText.set(outcome))
        } refused: { error in
            let refusal = FormRefusal(input: FormValues(fields).values, problems: [(nil, ErrorText.web(error))])
            return personPage(name, visit, sent: FormState(refusal: refusal), status: 422)
        }
    }

    /// `POST /people/NAME/share`: a new link for the person (theirs before ends), its address on the
    /// answer only — the store keeps its hash, so no page can show it again.
    func makeShare(_ name: String, _ visit: Visit) -> WebAnswer {
        let person: PersonStanding
        switch standing(name, visit) {
        case .found(let found): person = found
        case .answer(let answer): return answer
        }
        guard let token = WebTokens.random() else {
            return page(500, PageLayout.problem(chrome("No link", .people, visit), heading: "No link", message: "The system gave no randomness for a new link; nothing was made."), visit)
        }
        do {
            try ShareLinks(store: services.signIns).make(for: person.name, tokenHash: WebTokens.hash(token), now: visit.seconds)
        } catch {
            return unavailable(error, machine: false)
        }
        live.changed()
        let bytes = PageLayout.page(chrome("A share link for " + person.name, .people, visit)) { html in
            PersonFormsView.shareMade(person, link: services.base.sharePage(token), &html)
        }
        return WebFront.privately(page(200, bytes, visit))
    }

    /// `POST /people/NAME/share/revoke`: the person's link ends at once.
    func revokeShare(_ name: String, _ visit: Visit) -> WebAnswer {
        let person: PersonStanding
        switch standing(name, visit) {
        case .found(let found): person = found
        case .answer(let answer): return answer
        }
        let ended: String?
        do {
            ended = try ShareLinks(store: services.signIns).revoke(person.name)
        } catch {
            return unavailable(error, machine: false)
        }
        let path = PersonPath.page(person.name)
        guard let ended else {
            let message = "\(Quoted(person.name)) has no share link; nothing was changed"
            return page(422, PageLayout.problem(chrome("Nothing was ended", .people, visit), heading: "Nothing was ended", message: message, back: (path, "Back to the person")), visit)
        }
        live.changed()
        var answer = WebAnswer.seeOther(path)
        answer.headers.append(WebCookies.set(WebCookies.flash, WebCookies.flashValue("The share link of \(Quoted(ended)) has ended."), maxAge: 60, secure: visit.secure))
        return answer
    }

    private enum Found {
        case found(PersonStanding)
        case answer(WebAnswer)
    }

    /// The person `name` names, or the answer when nobody is (`404`) or the store fails (`503`).
    private func standing(_ name: String, _ visit: Visit) -> Found {
        do {
            guard let person = try services.readers.read({ try PeopleQuery(store: $0).find(name) }) else { return .answer(nobody(name, visit)) }
            return .found(person)
        } catch {
            return .answer(unavailable(error, machine: false))
        }
    }

    /// `404` for a name no contact and no loan has: `loans person NAME`'s words.
    private func nobody(_ name: String, _ visit: Visit) -> WebAnswer {
        let message = "no contact is kept for \(Quoted(name)) and no loan names them."
        return page(404, PageLayout.problem(chrome("No such person", .people, visit), heading: "No such person", message: message, back: ("/people", "Back to the people")), visit)
    }

    /// `400` for a query a page cannot take.
    private func notAPage(_ message: String, _ visit: Visit) -> WebAnswer {
        .page(400, PageLayout.problem(chrome("Not a page", .none, visit), heading: "Not a page", message: message))
    }
}
