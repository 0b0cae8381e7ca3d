import LoansCore
import LoansWeb

/// The web front's decoders of what a browser sends, for any bytes: the loan forms (add, edit,
/// renew, return) and the page and document queries, with the one decoder the front writes itself
/// (percent-decoding a flash cookie). Nothing traps; what is taken obeys the rules every loan
/// obeys; a refusal names its field and says why on one safe line; keys and flashes round-trip.
enum WebFormCheck {
    /// `form`: NUL-separated `name=value` fields.
    static func checkForm(_ bytes: UnsafeBufferPointer<UInt8>) {
        let fields = WebFormCheck.fields(bytes, separator: 0)
        let today = FuzzTarget.today
        do {
            let draft = try LoanForms.draft(fields, today: today)
            FuzzTarget.require(draft.lentOn <= draft.dueOn, "a draft due before it was lent")
            FuzzTarget.require((try? LoanRules.name(draft.title, .title)) == draft.title, "a draft's title breaks the rules")
            FuzzTarget.require((try? LoanRules.name(draft.counterparty, .counterparty)) == draft.counterparty, "a draft's name breaks the rules")
            FuzzTarget.require((try? LoanRules.note(draft.note)) == draft.note, "a draft's note breaks the rules")
        } catch {
            refusal(error, fields)
        }
        do {
            let edit = try LoanForms.edit(fields, today: today)
            FuzzTarget.require(edit.title != nil && edit.dueOn != nil && edit.lentOn != nil && edit.note != nil, "an edit that leaves a field out")
        } catch {
            refusal(error, fields)
        }
        do {
            if case .offset(let offset) = try LoanForms.renewal(fields, today: today) { _ = offset.applied(to: .latest) }
        } catch {
            refusal(error, fields)
        }
        do {
            _ = try LoanForms.returnDate(fields, today: today)
        } catch {
            refusal(error, fields)
        }
        FuzzTarget.require(!LoanForms.lineBreaks(fields.first?.value ?? "").utf8.contains(0x0D), "a CR kept in a note")
    }

    /// `query`: a query string as sent (`a=b&c=d`, percent-encoded), decoded as the server
    /// would, read as a page's query; and the flash cookie's encoding both ways.
    static func checkQuery(_ bytes: UnsafeBufferPointer<UInt8>) {
        var arguments: [WebField] = []
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let halves = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decoded(String(decoding: halves[0], as: UTF8.self)).flatMap({ String(validating: $0, as: UTF8.self) }),
                  let value = PercentEncoding.decoded(String(decoding: halves.count > 1 ? Array(halves[1]) : [], as: UTF8.self)).flatMap({ String(validating: $0, as: UTF8.self) })
            else { continue }
            arguments.append(WebField(name, value))
        }
        do {
            let query = try PageQuery(arguments)
            if let search = query.search { FuzzTarget.require(LoanRules.fits(search, PageQuery.searchLimit), "a search past the limit") }
            if let window = query.window { FuzzTarget.require((0...DueWindow.maximumDays).contains(window.days), "a window out of range") }
            if let key = query.after {
                FuzzTarget.require(query.group != nil, "a key without a group")
                let text = PageQuery.text(key.dueOn, key.id)
                FuzzTarget.require(PageQuery.key(text).map { $0.date == key.dueOn && $0.id == key.id } == true, "a key does not round-trip")
            }
        } catch {
            FuzzTarget.require(FuzzTarget.isOneSafeLine(error.message), "unsafe message for a query")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let flash = WebCookies.flashMessage(WebCookies.flashValue(text))
        let kept = String(decoding: text.utf8.prefix(1000), as: UTF8.self)
        FuzzTarget.require(flash == kept, "a flash message does not round-trip")
        FuzzTarget.require(WebCookies.flashValue(text).utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") }, "a flash value a cookie cannot hold")
    }

    private static func refusal(_ error: FormRefusal, _ fields: [WebField]) {
        FuzzTarget.require(!error.problems.isEmpty, "a refusal that says nothing")
        for problem in error.problems {
            FuzzTarget.require(FuzzTarget.isOneSafeLine(problem.message), "unsafe message for a form")
            if let field = problem.field { FuzzTarget.require(["title", "direction", "counterparty", "due", "lent", "note", "by", "on"].contains(field), "a refusal of an unknown field") }
        }
    }

    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) -> [WebField] {
        bytes.split(separator: separator, omittingEmptySubsequences: true).map { piece in
            let halves = piece.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return WebField(String(decoding: halves[0], as: UTF8.self), String(decoding: halves.count > 1 ? Array(halves[1]) : [], as: UTF8.self))
        }
    }
}
