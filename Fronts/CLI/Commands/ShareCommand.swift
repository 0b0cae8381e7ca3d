import LoansArguments
import LoansCore
import LoansText
import LoansWeb

/// `loans share NAME | --list | NAME --revoke`: a link that shows one person what is between
/// you (`/s/TOKEN` on `loans serve`), made from `serve.base_url` and printed once; the store
/// keeps only its hash. Whoever may write the loans may share them.
struct ShareCommand: LoansCommand {
    static let name = Positional("NAME", .name, help: "the person (a name you lend to or borrow from; compared ignoring case)", optional: true)
    static let list = Flag("--list", help: "list who has a link and when it was made (never a link itself)")
    static let revoke = Flag("--revoke", help: "end NAME's link at once instead of making one")
    static let declaration = CommandDeclaration(
        CommandName.share, abstract: "Make a link that shows one person their open loans with you (on loans serve).",
        discussion: """
            'share NAME' prints a new link, BASE/s/TOKEN, where BASE is the config file's serve.base_url (exit 78 when it is not set): send it to NAME. The page shows only the open loans between you and NAME, from their side ("You borrowed The Hobbit from …"), with their due dates and a calendar feed of them; no notes, no other person, no history, and nothing can be changed there. The token has 256 random bits and is stored only hashed, so the link is printed this once. Each person has one link: a new one ends the one before at once; '--revoke' ends it at once. '--list' lists who has a link and when it was made. Whoever may write the loans may make links. Docs/Web.md.
            """,
        positionals: [name],
        rules: [.oneOf(required: false) { list; revoke }]
    ) {
        list
        revoke
    }

    enum Action: Equatable {
        case make(String), revoke(String), list
    }

    let action: Action

    init(_ input: CommandInput) throws(CLIError) {
        let name = try input[Self.name].map { text throws(CLIError) in try input.checked("NAME") { try LoanRules.name(text, .counterparty) } }
        switch (name, input[Self.list], input[Self.revoke]) {
        case (nil, true, _): action = .list
        case (_?, true, _): throw input.refusal("'share --list' takes no NAME")
        case (let name?, _, true): action = .revoke(name)
        case (let name?, _, false): action = .make(name)
        case (nil, false, _): throw input.refusal("'share' needs the person's NAME (or --list)")
        }
    }

    func run(_ request: Request) throws -> ExitCode {
        let links = ShareLinks(store: try request.stores.engine().signIns(upTo: 1))
        let out = request.console.out
        switch action {
        case .list:
            for link in try links.list() {
                let made = UTCTimestamp(secondsSinceEpoch: link.createdAt).map { request.today.clock.wallTime(at: $0).description } ?? "-"
                out.line("\(SafeText.sanitized(link.name))\t\(made)")
            }
        case .revoke(let name):
            guard let ended = try links.revoke(name) else { throw CLIError(code: .failure, message: "\(Quoted(name)) has no share link; nothing was changed") }
            out.line("The share link of \(Quoted(ended)) has ended.")
        case .make(let name):
            let base = try ShareCommand.base(request, for: "a share link")
            guard let token = WebTokens.random() else { throw CLIError(code: .failure, message: "the system gives no randomness for a share link") }
            try links.make(for: name, tokenHash: WebTokens.hash(token), now: request.now.utc.secondsSinceEpoch)
            if try !ShareCommand.hasOpenLoans(with: name, request) {
                request.console.err.line("loans: warning: no open loan is with \(Quoted(name)) yet; the page shows nothing until one is")
            }
            // Alone on stdout, so that `LINK=$(loans share NAME)` keeps it whole; shown this once.
            out.line(base.sharePage(token))
        }
        return .success
    }

    /// `serve.base_url`, which a link that leaves this machine is made from; without it there is
    /// no address to give (the server's own default, the address it listens on, is this
    /// machine's), so the run stops before making anything (exit 78, naming the key).
    static func base(_ request: Request, for what: String) throws -> WebBaseURL {
        guard let base = request.settings[SettingKey.serveBaseURL] else {
            throw CLIError(
                code: .config,
                message: "\(what) is made from serve.base_url, the address people reach loans serve at, which is not set; add 'serve.base_url = https://HOST/' to the config file (loans config shows where it is); nothing was made"
            )
        }
        return base
    }

    /// Whether any open loan is with `name` (a link for nobody yet is likely a slip of the name).
    private static func hasOpenLoans(with name: String, _ request: Request) throws -> Bool {
        struct Found: Error {}
        do {
            try SharedLoansQuery(store: request.reader(), person: name, owner: "").walk { _ in throw Found() }
        } catch is Found {
            return true
        }
        return false
    }
}
