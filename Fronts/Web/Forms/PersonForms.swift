import LoansCore

/// Reads the address form of a person's page with `loans person`'s rules and words: `email` (an
/// address, checked by `EmailAddress`, kept exactly as typed) or `no_email` (keep the person without
/// one), never both; a refusal names the value as typed, as `--email` does.
package enum PersonForms {
    /// The address to keep: an address, or nil for none.
    package static func email(_ fields: [WebField]) throws(FormRefusal) -> EmailAddress? {
        let form = FormValues(fields)
        var refusal = FormRefusal(input: form.values)
        if form["no_email"] != nil {
            guard form.given("email") == nil else {
                refusal.problems.append((nil, "give only one of email or no_email"))
                throw refusal
            }
            return nil
        }
        let typed = form["email"] ?? ""
        do throws(EmailAddressError) {
            return try EmailAddress(parsing: typed)
        } catch {
            refusal.problems.append(("email", "\(Quoted(typed)) is not an e-mail address: \(error)"))
            throw refusal
        }
    }
}
