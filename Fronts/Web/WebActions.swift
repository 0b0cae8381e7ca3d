import LoansCore
import LoansText

/// The forms (POST), each answered Post/Redirect/Get: the change is made as the signed-in person
/// (the history says `NAME@web`), and a `303` leads to the page that shows it, with the command
/// line's line about what was done left for that page (a flash cookie). A form Core or the
/// front refuses is shown again with the input kept and the command line's words (`422`); a loan
/// that does not exist is `404`. Nothing is written by a refused form.
extension WebFront {
    func add(_ visit: Visit) -> WebAnswer {
        let draft: LoanDraft
        do {
            draft = try LoanForms.draft(visit.request.form ?? [], today: visit.now.today)
        } catch {
            return addPage(visit, state: FormState(refusal: error), status: 422)
        }
        return change(visit) { store in
            let id = try AddLoan(store: store).run(draft)
            return ("/loans/\(id.rawValue)", OutcomeText.added(id))
        } refused: { error in
            addPage(visit, state: FormState(refusal: FormRefusal(input: FormValues(visit.request.form ?? []).values, problems: [(nil, ErrorText.web(error))])), status: 422)
        }
    }

    func edit(_ id: LoanID, _ visit: Visit) -> WebAnswer {
        let fields = visit.request.form ?? []
        let edit: LoanEdit
        do {
            edit = try LoanForms.edit(fields, today: visit.now.today)
        } catch {
            return loanPage(id, visit, sent: (.edit, FormState(refusal: error)), status: 422)
        }
        return change(visit) { store in
            let outcome = try EditLoan(store: store).run(id, edit)
            return ("/loans/\(outcome.loan.id.rawValue)", OutcomeText.edited(outcome))
        } refused: { error in
            self.refusedForm(.edit, id, fields, error, visit)
        }
    }

    func renew(_ id: LoanID, _ visit: Visit) -> WebAnswer {
        let fields = visit.request.form ?? []
        let target: RenewalTarget
        do {
            target = try LoanForms.renewal(fields, today: visit.now.today)
        } catch {
            return loanPage(id, visit, sent: (.renew, FormState(refusal: error)), status: 422)
        }
        return change(visit) { store in
            let loan = try RenewLoan(store: store).run(id, to: target)
            return ("/loans/\(loan.id.rawValue)", OutcomeText.renewed(loan))
        } refused: { error in
            self.refusedForm(.renew, id, fields, error, visit)
        }
    }

    func returnLoan(_ id: LoanID, _ visit: Visit) -> WebAnswer {
        let fields = visit.request.form ?? []
        let date: CivilDate
        do {
            date = try LoanForms.returnDate(fields, today: visit.now.today)
        } catch {
            return loanPage(id, visit, sent: (.returnLoan, FormState(refusal: error)), status: 422)
        }
        return change(visit) { store in
            let loan = try ReturnLoan(store: store).run(id, on: date, today: visit.now.today)
            return ("/loans/\(loan.id.rawValue)", OutcomeText.returned(loan, on: date))
        } refused: { error in
            self.refusedForm(.returnLoan, id, fields, error, visit)
        }
    }

    func reopen(_ id: LoanID, _ visit: Visit) -> WebAnswer {
        change(visit) { store in
            let loan = try ReopenLoan(store: store).run(id)
            return ("/loans/\(loan.id.rawValue)", OutcomeText.reopened(loan))
        } refused: { error in
            self.refusal(heading: "The loan was not reopened", error, back: ("/loans/\(id.rawValue)", "Back to the loan"), visit)
        }
    }

    func remove(_ id: LoanID, _ visit: Visit) -> WebAnswer {
        change(visit) { store in
            try RemoveLoan(store: store).run(id)
            return ("/", OutcomeText.removed(id))
        } refused: { error in
            self.refusal(heading: "The loan was not removed", error, back: ("/loans/\(id.rawValue)", "Back to the loan"), visit)
        }
    }

    /// Undo (or redo) the signed-in person's last change on the web.
    func undo(redo: Bool, _ visit: Visit) -> WebAnswer {
        change(visit) { store in
            redo ? ("/", UndoText.redid(try RedoChange(store: store).run())) : ("/", UndoText.undid(try UndoChange(store: store).run()))
        } refused: { error in
            self.refusal(heading: redo ? "Nothing was redone" : "Nothing was undone", error, back: ("/", "Back to the agenda"), visit)
        }
    }

    /// Runs one change as the visitor and answers `303` to where `body` says, with its line as the
    /// flash; a refusal of Core's is `refused`'s page, a store that fails `503`.
    func change(
        _ visit: Visit, _ body: (any LoanWriting) throws -> (path: String, line: String),
        refused: (LoanCommandError) -> WebAnswer
    ) -> WebAnswer {
        do {
            let (path, line) = try services.writers.write(as: WebServices.author(visit.person), body)
            // The page this leads to, and every list made after, must show the change at once;
            // the open pages are told by the store's watcher, or here when nothing watches it.
            if services.watchesChanges { live.wroteHere() } else { live.changed() }
            var answer = WebAnswer.seeOther(path)
            answer.headers.append(WebCookies.set(WebCookies.flash, WebCookies.flashValue(line), maxAge: 60, secure: visit.secure))
            return answer
        } catch let error as LoanCommandError {
            switch error {
            case .notFound(let id): return missing(id, visit)
            case .store(let store): return unavailable(store, machine: false)
            default: return refused(error)
            }
        } catch {
            return unavailable(error, machine: false)
        }
    }

    /// A loan's page again with the refused form filled in as sent and Core's refusal above it.
    private func refusedForm(_ form: LoanForm, _ id: LoanID, _ fields: [WebField], _ error: LoanCommandError, _ visit: Visit) -> WebAnswer {
        let refusal = FormRefusal(input: FormValues(fields).values, problems: [(nil, ErrorText.web(error, wallTime: services.wallTime))])
        return loanPage(id, visit, sent: (form, FormState(refusal: refusal)), status: 422)
    }

    /// A refusal of a form of one button: `422` and why, with the way back.
    private func refusal(heading: String, _ error: LoanCommandError, back: (String, String), _ visit: Visit) -> WebAnswer {
        page(422, PageLayout.problem(chrome(heading, .none, visit), heading: heading, message: ErrorText.web(error, wallTime: services.wallTime), back: back), visit)
    }

    /// `POST /logout`: the session ends in the store, and its cookie goes.
    func signOut(_ visit: Visit) -> WebAnswer {
        do {
            try SignIn(store: services.signIns).signOut(WebTokens.hash(visit.token))
        } catch {
            return unavailable(error, machine: false)
        }
        var answer = WebAnswer.seeOther("/login")
        answer.headers.append(WebCookies.clear(WebCookies.session, secure: visit.secure))
        return answer
    }
}
