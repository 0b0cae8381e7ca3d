import LoansAdapters
import LoansCore
import LoansReminders

/// `loans remind`: sends the reminders due today as one digest — on standard output (for cron
/// mail), as a desktop notification (`--notify`), or to a program (`--exec`) — and records them
/// as sent only once the delivery succeeded, under a lock that keeps two runs from sending the
/// same reminder. `--dry-run` shows the digest and records nothing.
struct RemindCommand {
    static let spec = CommandSpec(
        name: "remind",
        options: ["--notify": .flag, "--exec": .program, "--dry-run": .flag, "--lead": .value, "--overdue-every": .value],
        positionals: 0...0,
        usage: "loans remind [--notify | --exec PROGRAM [ARG…]] [--dry-run] [--lead 3,1,0] [--overdue-every N]",
        detail: """
            Sends the reminders due today as one digest, and records them so none is sent twice.
            A loan is reminded on each lead day before its due date (default 3, 1 and 0 days before;
            a missed day catches up once), then every N days while overdue (default 7); a renewal
            starts its reminders again; returned loans are never reminded. Nothing due prints nothing.
              --notify              one desktop notification through notify-send
              --exec PROGRAM [ARG…] run PROGRAM (no shell) with the digest on its standard input and
                                    LOANS_OVERDUE and LOANS_DUE_SOON in its environment; every word
                                    after PROGRAM is its own
              --dry-run             show what would be sent; record nothing
              --lead 3,1,0          days before the due date to remind on ('' for overdue reminders only)
              --overdue-every N     days between reminders of an overdue loan, 1-36500
            A delivery that fails (the program is missing, exits non-zero, or runs past 30 s) records
            nothing and exits 1, so the next run tries again. Cron and systemd: Docs/Reminders.md.
            """
    )

    /// Where the digest goes.
    enum Delivery: Equatable {
        case standardOutput
        case notify
        case exec(program: String, arguments: [String])
    }

    struct Options: Equatable {
        var delivery: Delivery = .standardOutput
        var dryRun = false
        var schedule: ReminderSchedule = .standard
    }

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options {
        var options = Options()
        switch (raw.options["--notify"], raw.options["--exec"]) {
        case (_?, _?): throw .usage("give only one of --notify and --exec", spec.usage)
        case (_?, nil): options.delivery = .notify
        case (nil, let program?): options.delivery = .exec(program: program, arguments: raw.programArguments)
        case (nil, nil): break
        }
        options.dryRun = raw.options["--dry-run"] != nil
        if let text = raw.options["--lead"] {
            guard let leads = ReminderSchedule.days(parsing: text), let schedule = options.schedule.with(leads: leads) else {
                throw .usage("--lead: \(Quoted(text)) is not a list of days from 0 to \(ReminderSchedule.maximumDays) (e.g. 7,2,0)", spec.usage)
            }
            options.schedule = schedule
        }
        if let text = raw.options["--overdue-every"] {
            guard let days = ReminderSchedule.interval(parsing: text), let schedule = options.schedule.with(overdueEvery: days) else {
                throw .usage("--overdue-every: \(Quoted(text)) is not a number of days from 1 to \(ReminderSchedule.maximumDays)", spec.usage)
            }
            options.schedule = schedule
        }
        return options
    }

    /// How long a delivery may run. `LOANS_TEST_DELIVERY_TIMEOUT_MS` shortens it, for tests only.
    static let timeoutMilliseconds = 30_000

    let request: Request

    func run(_ options: Options) throws -> ExitCode {
        let store = try request.stores.reminders(recording: !options.dryRun)
        let reminders = RemindersDue(store: store, ledger: store, schedule: options.schedule, recipient: SystemAuthor.user())
        let today = request.now.today
        if options.dryRun {
            let digest = try reminders.digest(today)
            if !digest.isEmpty { request.console.out.write(DigestPresenter.present(digest).text) }
            return .success
        }
        try reminders.send(today, at: request.now.utc) { digest in try deliver(DigestPresenter.present(digest), options.delivery) }
        return .success
    }

    private func deliver(_ text: DigestText, _ delivery: Delivery) throws {
        let timeout = request.environment["LOANS_TEST_DELIVERY_TIMEOUT_MS"].flatMap(Int.init).map { max(1, $0) }
            ?? RemindCommand.timeoutMilliseconds
        switch delivery {
        case .standardOutput:
            request.console.out.write(text.text)
            request.console.out.flush()
        case .notify:
            let notification = DigestNotification(text)
            try DesktopNotification.program(
                urgency: notification.urgency, summary: notification.summary, body: notification.body,
                environment: request.environment, timeoutMilliseconds: timeout
            ).run()
        case .exec(let program, let arguments):
            var environment = request.environment
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
