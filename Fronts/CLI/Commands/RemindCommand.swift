import LoansAdapters
import LoansArguments
import LoansCore
import LoansReminders

/// `loans remind`: sends the reminders due today as one digest — on standard output (for cron
/// mail), as a desktop notification (`--notify`), or to a program (`--exec`) — and records them
/// as sent to the recipient (`remind.recipient`, else the login name) only once the delivery
/// succeeded, under a lock that keeps two runs from sending the same reminder: a run waits for
/// another at most 30 s, then exits 75. `--dry-run` shows the digest and records nothing.
struct RemindCommand: LoansCommand {
    static let notify = Flag("--notify", help: "one desktop notification through notify-send")
    static let exec = Option(
        "--exec", .program, "PROGRAM [ARG…]",
        help: "run PROGRAM (no shell) with the digest on its standard input and LOANS_OVERDUE and LOANS_DUE_SOON in its environment; every word after PROGRAM is its own"
    )
    static let dryRun = Flag("--dry-run", help: "show what would be sent; record nothing")
    static let borrowers = Flag(
        "--borrowers", help: "e-mail each person with an address who has something of yours due a reminder (mail.from, mail.name, mail.sendmail)"
    )
    static let declaration = CommandDeclaration(
        CommandName.remind, abstract: "Send the reminders due today as one digest, and record them so none is sent twice.",
        discussion: """
            A loan is reminded on each lead day before its due date (a missed day catches up once), then every N days while overdue; a renewal starts its reminders again; returned loans are never reminded. Nothing due prints nothing.

            Reminders go to a person: remind.recipient (or --recipient), else the login name. Give it the same name on every machine you use, and each reminder reaches you once; each person sharing a database names themselves and hears of every loan.

            A delivery that fails (the program is missing, exits non-zero, or runs past 30 s) records nothing and exits 1, so the next run tries again. One run at a time: a run waits at most 30 s for another to finish, then exits 75 naming it. Cron and systemd: Docs/Reminders.md.

            With --borrowers it reminds the people you lent things to instead: each person with an address (loans person NAME --email ADDRESS) who has a loan of yours due a reminder gets one e-mail with all of them, from mail.name <mail.from> (exit 78 without mail.from), handed to mail.sendmail (default /usr/sbin/sendmail) as SENDMAIL -oi -f FROM -- ADDRESS. Each reminder reaches an address once; a person the mail could not reach gets nothing recorded and the run exits 1 naming them. With --dry-run the messages are printed as an mbox. Docs/Reminders.md.
            """,
        rules: [.oneOf(required: false) { notify; exec; borrowers }]
    ) {
        notify
        exec
        borrowers
        dryRun
        SettingKey.remindLead
        SettingKey.remindOverdueEvery
        SettingKey.remindRecipient
    }

    /// Where the digest goes.
    enum Delivery: Equatable {
        case standardOutput
        case notify
        case exec(program: String, arguments: [String])
    }

    let delivery: Delivery
    let dryRun: Bool
    /// `--borrowers`: the people you lent to are mailed instead (`BorrowerMail`).
    let borrowers: Bool
    let schedule: ReminderSchedule
    /// Whom the reminders go to; nil: the login name, asked only when the run records.
    let recipient: ReminderRecipient?

    init(_ input: CommandInput) throws(CLIError) {
        if input[Self.notify] {
            delivery = .notify
        } else if let program = input[Self.exec] {
            delivery = .exec(program: program, arguments: try input.programArguments())
        } else {
            delivery = .standardOutput
        }
        dryRun = input[Self.dryRun]
        borrowers = input[Self.borrowers]
        if borrowers, case .option = input.settings.table.first(where: { $0.key == SettingKey.remindRecipient.key })?.source {
            throw input.refusal("--borrowers mails the people you lent to; --recipient (remind.recipient) names whom your own digest goes to")
        }
        let leads = input.settings[SettingKey.remindLead]
        let every = input.settings[SettingKey.remindOverdueEvery]
        guard let schedule = ReminderSchedule(leads: leads, overdueEvery: every) else {
            throw input.refusal("the reminder schedule \(leads) every \(every) days is out of range")
        }
        self.schedule = schedule
        recipient = input.settings[SettingKey.remindRecipient]
    }

    /// How long a delivery may run.
    static let timeoutMilliseconds = 30_000
    /// A run waits 30 s for another to finish; one holding the lock may be silent twice as long
    /// as a delivery may take before a server takes the lock back (a stopped run, a laptop
    /// suspended mid-run).
    static let lock = ReminderLockTimes(waitMilliseconds: 30_000, silenceMilliseconds: 2 * timeoutMilliseconds)

    func run(_ request: Request) throws -> ExitCode {
        if borrowers { return try BorrowerMail(schedule: schedule, dryRun: dryRun).run(request) }
        let store = try request.stores.reminders(recording: !dryRun)
        let reminders = RemindersDue(
            store: store, ledger: store, schedule: schedule, recipient: recipient ?? .person(SystemAuthor.user()), lock: RemindCommand.lock
        )
        let today = request.now.today
        if dryRun {
            let digest = try reminders.digest(today)
            if !digest.isEmpty { request.console.out.write(DigestPresenter.present(digest).text) }
            return .success
        }
        try reminders.send(today, at: request.now.utc) { digest in try deliver(DigestPresenter.present(digest), delivery, request) }
        return .success
    }

    private func deliver(_ text: DigestText, _ delivery: Delivery, _ request: Request) throws {
        let timeout = RemindCommand.timeoutMilliseconds
        switch delivery {
        case .standardOutput:
            request.console.out.write(text.text)
            request.console.out.flush()
        case .notify:
            let notification = DigestNotification(text)
            try DesktopNotification.program(
                urgency: notification.urgency, summary: notification.summary, body: notification.body,
                environment: request.environment.strings, timeoutMilliseconds: timeout
            ).run()
        case .exec(let program, let arguments):
            var environment = request.environment.strings
            environment["LOANS_OVERDUE"] = String(text.overdueCount)
            environment["LOANS_DUE_SOON"] = String(text.dueSoonCount)
            request.console.out.flush()
            try DeliveryProgram(
                program: program, arguments: arguments, environment: environment, input: Array(text.text.utf8),
                timeoutMilliseconds: timeout
            ).run()
        }
    }
}
