import LoansAdapters
import LoansCore
import LoansReminders
import LoansText
import LoansWeb

/// `loans remind --borrowers`: e-mails each person with an address who has something of yours
/// due a reminder, one message per person, handed to the sendmail program (`mail.sendmail -oi -f
/// FROM -- ADDRESS`, the message on its standard input; no shell, and the recipient only ever
/// from that argument). Each message is recorded as sent to its address once its delivery
/// succeeded; one that fails records nothing for that person, the others still go, and the run
/// exits 1 naming who was not reached. With `--dry-run` the messages are printed as an mbox and
/// nothing is recorded. A person with a share link gets a new one in the message (a link is
/// kept only hashed, so the one made before cannot be written again): made when the message is
/// handed over, in place of the one before.
struct BorrowerMail {
    let schedule: ReminderSchedule
    let dryRun: Bool

    func run(_ request: Request) throws -> ExitCode {
        guard let from = request.settings[SettingKey.mailFrom] else {
            throw CLIError(
                code: .config,
                message: "remind --borrowers sends e-mail from mail.from, which is not set; add 'mail.from = you@example.org' to the config file (loans config shows where it is); nothing was sent"
            )
        }
        let owner = request.settings[SettingKey.mailName] ?? SystemAuthor.fullName()
        let store = try request.stores.reminders(recording: !dryRun)
        let reminders = BorrowerReminders(store: store, ledger: store, schedule: schedule, lock: RemindCommand.lock)
        let base = request.settings[SettingKey.serveBaseURL]
        let links = try base.map { _ in ShareLinks(store: try request.stores.engine().signIns(upTo: 1)) }
        let linked = Set(try links?.list().map { PersonKey($0.name) } ?? [])
        let letter = Letter(from: from, owner: owner, base: base, instant: request.now.utc)
        if dryRun {
            for item in try reminders.letters(request.now.today) {
                let link = linked.contains(item.person.key) ? base?.sharePage("[a new link, made when this is sent]") : nil
                request.console.out.write(Mbox.entry(sender: from.text, at: request.now.utc, message: try letter.message(item, shareLink: link).text))
            }
            return .success
        }
        let sendmail = request.settings[SettingKey.mailSendmail].description
        let out = request.console.out
        let run = try reminders.send(request.now.today, at: request.now.utc) { item in
            let token = linked.contains(item.person.key) ? WebTokens.random() : nil
            let message = try letter.message(item, shareLink: token.flatMap { token in base.map { $0.sharePage(token) } })
            try DeliveryProgram(
                program: sendmail, arguments: ["-oi", "-f", from.text, "--", item.address.text], environment: request.environment.strings,
                input: Array(message.text.utf8), timeoutMilliseconds: RemindCommand.timeoutMilliseconds
            ).run()
            if let token, let links { try links.make(for: item.person.name, tokenHash: WebTokens.hash(token), now: request.now.utc.secondsSinceEpoch) }
            let count = item.digest.reminders.count
            out.line("Mailed \(SafeText.sanitized(item.person.name)) <\(item.address.text)>: \(count) reminder\(count == 1 ? "" : "s").")
            out.flush()  // said as it happens: a failure after it ends the run
        }
        guard run.failed.isEmpty else {
            let who = run.failed.map { "\(SafeText.sanitized($0.letter.person.name)) <\($0.letter.address.text)> (\($0.reason))" }
            throw CLIError(
                code: .failure,
                message: "could not mail \(who.joined(separator: "; ")); nothing was recorded for \(run.failed.count == 1 ? "them" : "these"), so the next run tries again"
            )
        }
        return .success
    }

    /// What every message of the run shares: who it is from, and when.
    private struct Letter {
        let from: EmailAddress
        let owner: String
        let base: WebBaseURL?
        let instant: UTCTimestamp

        func message(_ letter: BorrowerLetter, shareLink: String?) throws -> BorrowerMessage {
            guard let random = WebTokens.random() else { throw Unsent(description: "the system gives no randomness for a Message-ID") }
            let domain = from.text.split(separator: "@").last.map(String.init) ?? "localhost"
            return try BorrowerMessage(letter, owner: owner, from: from, at: instant, messageID: "loans.\(random.prefix(32))@\(domain)", shareLink: shareLink)
        }
    }

    /// Why a message was not made.
    private struct Unsent: Error, CustomStringConvertible {
        let description: String
    }
}
