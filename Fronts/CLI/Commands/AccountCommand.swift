import LoansArgon2
import LoansArguments
import LoansCore
import LoansText
import LoansWeb

/// `loans account add NAME [--role editor|viewer] [--password-stdin] | passwd NAME | remove NAME
/// | role NAME editor|viewer | list | token NAME [--revoke] | feed NAME [--revoke]`: the accounts
/// that sign in on the web, kept in the store, and managed by its owner (`AccountAuthority`).
struct AccountCommand: LoansCommand {
    enum Action: String, CaseIterable, Equatable, Sendable {
        case add, passwd, remove, role, list, token, feed
    }

    static let action = Positional<Action>("ACTION", .choice(noun: "action"), help: "what to do")
    static let name = Positional("NAME", .name, help: "the account's name (compared ignoring case)", optional: true)
    static let newRole = Positional<Role>("ROLE", .choice(noun: "role"), help: "with role: the account's new role, editor or viewer", optional: true)
    static let roleOption = Option<Role>("--role", .choice(noun: "role"), "ROLE", help: "with add: what the account may do (default editor; a viewer only reads)")
    static let passwordStdin = Flag("--password-stdin", help: "with add and passwd: read the password as one line of stdin, not from the terminal")
    static let revoke = Flag("--revoke", help: "with token or feed: revoke every API token, or the calendar feed, of the account instead of making one")
    static let declaration = CommandDeclaration(
        CommandName.account, abstract: "Manage the accounts that sign in on the web (loans serve).",
        discussion: """
            'account add NAME' adds an account (an editor unless --role viewer) and asks for its password twice at the terminal, without echo; with --password-stdin it reads exactly one line of stdin instead. A password has at least 8 characters; it is stored only as an Argon2id hash. 'account passwd NAME' sets a new password and ends the account's sessions. 'account remove NAME' removes the account and ends its sessions and API tokens at once. 'account role NAME editor|viewer' gives the account another role, which its sessions and API tokens have from their next request. 'account list' lists the accounts and their roles. 'account token NAME' prints a new API token for scripts (Authorization: Bearer TOKEN), once: it is stored only hashed; --revoke revokes every token of the account. 'account feed NAME' prints the address of the account's new private calendar feed, webcal://HOST/feeds/TOKEN.ics, made from the config file's serve.base_url (exit 78 when it is not set), once: a phone's calendar subscribes to it with no sign-in; it ends the feed made before, and --revoke ends it. Removing an account ends its feed. Names are compared ignoring case; a name has no control characters and no spaces at its ends. Accounts stay in the store: no document ('json all --history' included) carries an account, a session or a token.

            Only the store's owner adds, removes and gives roles to accounts, and changes another's password or tokens: on a database file its owner (or root), on PostgreSQL the role that owns the schema loans, a superuser, or a member of the role loans_admin. Anyone else who can open the store may list the accounts and change the password, tokens and feed of their own account, the one named as their OS user (on a file) or their database login (on PostgreSQL). Exit 64 for a bad name or password, 65 for a name taken, 1 for an account that does not exist, 77 for a change only the owner may make. Docs/Web.md.
            """,
        positionals: [action, name, newRole]
    ) {
        roleOption
        passwordStdin
        revoke
    }

    let action: Action
    let name: String?
    /// The role of `add` (its --role) or of `role` (its ROLE).
    let role: Role
    let passwordFromStandardInput: Bool
    let revoking: Bool

    init(_ input: CommandInput) throws(CLIError) {
        action = input[Self.action] ?? .list
        name = input[Self.name]
        role = input[Self.newRole] ?? input[Self.roleOption] ?? .editor
        passwordFromStandardInput = input[Self.passwordStdin]
        revoking = input[Self.revoke]
        if action == .list, name != nil { throw input.refusal("'account list' takes no NAME") }
        if action != .list, name == nil { throw input.refusal("'account \(action.rawValue)' needs the account's NAME") }
        if action == .role, input[Self.newRole] == nil { throw input.refusal("'account role NAME' needs the new ROLE: editor or viewer") }
        if action != .role, input[Self.newRole] != nil { throw input.refusal("only 'account role' takes a ROLE after the NAME") }
        if input[Self.roleOption] != nil, action != .add { throw input.refusal("only 'account add' takes --role") }
        if passwordFromStandardInput, action != .add, action != .passwd { throw input.refusal("only 'account add' and 'account passwd' take --password-stdin") }
        if revoking, action != .token, action != .feed { throw input.refusal("only 'account token' and 'account feed' take --revoke") }
    }

    func run(_ request: Request) throws -> ExitCode {
        let store = try request.stores.engine().signIns(upTo: 1)
        let accounts = Accounts(store: store, passwords: Argon2id())
        let now = request.now.utc.secondsSinceEpoch
        let out = request.console.out
        do {
            switch action {
            case .list:
                for account in try accounts.list() {
                    out.line("\(SafeText.sanitized(account.name))\t\(account.role.rawValue)")
                }
            case .add:
                let name = self.name ?? ""
                try accounts.require(.manage)
                if ReminderRecipient.person(named: name) == nil { throw AccountError.badName(name) }
                if try accounts.named(name) != nil { throw AccountError.taken(name) }
                let password = try PasswordInput.read(fromStandardInput: passwordFromStandardInput, prompt: "password for \(SafeText.sanitized(name))", console: request.console)
                let account = try accounts.add(name, role: role, password: password, now: now)
                out.line("Added account \(Quoted(account.name)), \(account.role == .editor ? "an editor" : "a viewer").")
            case .passwd:
                let name = self.name ?? ""
                try accounts.require(.keep(name))
                guard try accounts.named(name) != nil else { throw AccountError.unknown(name) }
                let password = try PasswordInput.read(fromStandardInput: passwordFromStandardInput, prompt: "new password for \(SafeText.sanitized(name))", console: request.console)
                try accounts.changePassword(name, to: password)
                out.line("The password of \(Quoted(name)) was changed; its sessions have ended.")
            case .remove:
                try accounts.remove(name ?? "")
                out.line("Removed account \(Quoted(name ?? "")); its sessions and API tokens have ended.")
            case .role:
                try accounts.changeRole(name ?? "", to: role)
                out.line("\(Quoted(name ?? "")) is now \(role == .editor ? "an editor" : "a viewer"); its sessions and API tokens have that role from their next request.")
            case .token:
                let name = self.name ?? ""
                if revoking {
                    let count = try accounts.revokeTokens(of: name)
                    out.line("Revoked \(count) API token\(count == 1 ? "" : "s") of \(Quoted(name)).")
                } else {
                    guard let token = WebTokens.random() else { throw CLIError(code: .failure, message: "the system gives no randomness for a token") }
                    try accounts.addToken(WebTokens.hash(token), for: name, now: now)
                    // Alone on stdout, so that `TOKEN=$(loans account token NAME)` keeps it whole; shown this once.
                    out.line(token)
                }
            case .feed:
                try feed(name ?? "", accounts, request)
            }
        } catch let error as AccountError {
            throw AccountCommand.refusal(error)
        } catch let error as PasswordHashError {
            throw CLIError(code: .failure, message: error.description)
        }
        return .success
    }

    /// `account feed NAME [--revoke]`: the account's private calendar feed, its address printed
    /// once (alone on stdout, for `$(…)`), or ended.
    private func feed(_ name: String, _ accounts: Accounts, _ request: Request) throws {
        let out = request.console.out
        if revoking {
            guard try accounts.revokeFeed(of: name) else { throw CLIError(code: .failure, message: "\(Quoted(name)) has no calendar feed; nothing was changed") }
            out.line("The calendar feed of \(Quoted(name)) has ended.")
            return
        }
        let base = try ShareCommand.base(request, for: "a calendar feed's address")
        guard let token = WebTokens.random() else { throw CLIError(code: .failure, message: "the system gives no randomness for a feed") }
        try accounts.makeFeed(WebTokens.hash(token), for: name, now: request.now.utc.secondsSinceEpoch)
        out.line(base.feedSubscription(token))
    }

    /// The command line's words for an account's refusal, and its exit code.
    static func refusal(_ error: AccountError) -> CLIError {
        switch error {
        case .badName(let name):
            CLIError(code: .usage, message: "\(Quoted(name)) cannot name an account: a name has 1 to \(ReminderRecipient.nameLimit) characters, no control characters, no spaces at its ends, and does not begin with mailto:")
        case .taken(let name): CLIError(code: .dataError, message: "an account named \(Quoted(name)) exists already (names are compared ignoring case)")
        case .unknown(let name): CLIError(code: .failure, message: "no account is named \(Quoted(name))")
        case .badPassword:
            CLIError(code: .usage, message: "a password has at least \(Account.passwordMinimum) characters and at most \(Account.passwordLimit) bytes, and no NUL; nothing was changed")
        case .notOwner(let asker, let owner):
            CLIError(
                code: .noPermission,
                message: "only the store's owner (\(owner)) manages its accounts; \(Quoted(asker)) may list them and change the password and tokens of the account \(Quoted(asker)) only; nothing was changed"
            )
        }
    }
}
