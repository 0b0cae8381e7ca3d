import LoansArguments
import LoansCore
import LoansText

/// `loans person NAME [--email ADDRESS | --no-email]`: keeps a person's contact (one change, which
/// undo reverts), or shows the person.
struct PersonCommand: LoansCommand {
    static let name = Positional("NAME", .name, help: "the person (names are compared ignoring case)")
    static let email = Option("--email", .email, "ADDRESS", help: "keep this e-mail address for the person (local@domain)")
    static let noEmail = Flag("--no-email", help: "keep the person without an address (removing the one kept)")
    static let declaration = CommandDeclaration(
        CommandName.person, abstract: "Keep a person's contact, or show the person.",
        discussion: """
            With --email ADDRESS or --no-email, keeps a contact for NAME and prints what it set: a new contact, the address changed or removed, and the name as given this time (so setting it again with another spelling respells it). Setting what is kept already changes nothing. A contact is a change in the history: undo reverts it. With neither, shows the person: their address, whether a contact is kept, and how many loans name them. A person is the counterparty of every loan whose counterparty has the same name, compared ignoring case. An address has the shape local@domain: no spaces, no control characters, at most 254 bytes (Docs/People.md says exactly what is accepted). Exit 64 for a bad name or address; 1 when neither a contact nor a loan names the person.
            """,
        positionals: [name],
        rules: [.oneOf(required: false) { email; noEmail }]
    ) {
        email
        noEmail
    }

    let name: String
    /// The address to keep (nil: none), when the contact is to be set; nil to show the person.
    let setting: EmailAddress??

    init(_ input: CommandInput) throws(CLIError) {
        let given = input[Self.name] ?? ""
        name = try input.checked(Self.name.declaration.name) { try PersonRules.name(given) }
        if let email = input[Self.email] {
            setting = .some(email)
        } else {
            setting = input[Self.noEmail] ? .some(nil) : nil
        }
    }

    func run(_ request: Request) throws -> ExitCode {
        if let setting {
            let outcome = try request.stores.writing { try SetPerson(store: $0).run(name, email: setting) }
            request.console.out.line(PersonText.set(outcome))
            return .success
        }
        guard let person = try PeopleQuery(store: request.reader()).find(name) else {
            throw CLIError(code: .failure, message: "no contact is kept for \(Quoted(name)) and no loan names them")
        }
        for line in PersonText.detail(person) { request.console.out.line(line) }
        return .success
    }
}

/// `loans people`: everyone you deal with — every contact and every counterparty of a loan —
/// with their address and how many open loans they have with you.
struct PeopleCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.people, abstract: "List everyone you deal with: their address and their open loans.",
        discussion: """
            One line each, in the order of their names: every person a contact is kept for and every counterparty of a loan, open or returned, once however its name is spelled (names are compared ignoring case), with the address ("no address" without one) and how many open loans name them.
            """
    )

    init(_ input: CommandInput) {}

    func run(_ request: Request) throws -> ExitCode {
        for line in PersonText.table(try PeopleQuery(store: request.reader()).everyone()) {
            request.console.out.line(line)
        }
        return .success
    }
}
