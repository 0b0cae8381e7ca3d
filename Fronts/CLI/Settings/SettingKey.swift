import LoansAdapters
import LoansArguments
import LoansCore
import LoansHTTPServer
import LoansText
import LoansWeb
import LoansWidget

/// The settings the config file may give, in the order `loans config`, help and the man page
/// list them; each is one declaration (its key, kind, option, variable, default and help). To
/// add a setting, declare it here and put it in `all`; a command that takes its option lists
/// the setting among its options and reads `input.settings[SettingKey.…]`.
enum SettingKey {
    static let db = Setting(
        "db", DatabaseName.reader.optional, default: nil, described: "$XDG_DATA_HOME/loans/loans.db",
        help: "the database: a SQLite file (in the config file an absolute path, or ~/ for the home folder), or a PostgreSQL server (postgresql://… or host=… dbname=…)",
        option: "--db", valueName: "PATH", optionHelp: "the database: a SQLite file, or a PostgreSQL server (postgresql://USER@HOST/DB or host=… dbname=…; its password in ~/.pgpass or PGPASSWORD, never here)",
        variable: .value("LOANS_DB")

    )
    static let window = Setting(
        "window", .window, default: DueWindow.standard, help: "\"due soon\" means due within this many days",
        option: "--window", valueName: "N",
        optionHelp: "\"due soon\" means due within N days, 0-\(DueWindow.maximumDays)", variable: .value("LOANS_WINDOW")
    )
    static let widgetFormat = Setting(
        "widget.format", .choice(noun: "format"), default: WidgetFormat.plain, help: "the widget's bar format",
        option: "--format", valueName: "F", optionHelp: "the bar to write for"
    )
    static let widgetMaxWidth = Setting(
        "widget.max_width", .number(WidgetPresenter.maxWidthRange, unit: "columns"), default: WidgetPresenter.defaultMaxWidth,
        help: "the widget's width in display columns", option: "--max-width", valueName: "N",
        optionHelp: "display columns of visible text, \(WidgetPresenter.maxWidthRange.lowerBound)-\(WidgetPresenter.maxWidthRange.upperBound); the title gives way"
    )
    static let widgetTerminal = Setting(
        "widget.terminal", .words, default: ["x-terminal-emulator", "-e"],
        help: "the terminal a click on the widget opens the TUI in: a program and its words before a command, split at spaces (no shell)"
    )
    static let remindLead = Setting(
        "remind.lead", .days, default: ReminderSchedule.standard.leads.reversed(), help: "days before the due date to remind, like 3,1,0",
        option: "--lead", valueName: "3,1,0", optionHelp: "days before the due date to remind on, '' for overdue reminders only"
    )
    static let remindOverdueEvery = Setting(
        "remind.overdue_every", .number(1...ReminderSchedule.maximumDays, unit: "days"), default: ReminderSchedule.standard.overdueEvery,
        help: "remind of an overdue loan every this many days",
        option: "--overdue-every", valueName: "N", optionHelp: "days between reminders of an overdue loan"
    )
    static let remindRecipient = Setting(
        "remind.recipient", ValueReader<ReminderRecipient>.recipient.optional, default: nil, described: "the login name",
        help: "whom reminders go to: a person, by the same name on every machine they use (each reminder reaches a recipient once)",
        option: "--recipient", valueName: "NAME", optionHelp: "whom the reminders go to; each recipient is reminded of each loan once"
    )
    static let calendarAlarms = Setting(
        "calendar.alarms", .days, sameAs: remindLead, help: "alarms of the calendar feed, days before the due date",
        option: "--alarms", valueName: "3,1,0", optionHelp: "days before the due date for alarms, '' for none"
    )
    static let serveListen = Setting(
        "serve.listen", .listenAddress, default: ServeCommand.defaultAddress, help: "where loans serve listens: HOST:PORT",
        option: "--listen", valueName: "HOST:PORT", optionHelp: "where to listen: an IP address (IPv6 in brackets) or localhost, and a port"
    )
    static let serveBaseURL = Setting(
        "serve.base_url", ValueReader<WebBaseURL>.baseURL.optional, default: nil, described: "http://LISTEN/",
        help: "the address people reach loans serve at, for links", option: "--base-url", valueName: "URL",
        optionHelp: "the address people reach it at: http(s)://HOST[:PORT]/"
    )
    static let mailFrom = Setting(
        "mail.from", ValueReader<EmailAddress>.email.optional, default: nil, described: "none (remind --borrowers needs it)",
        help: "the address e-mail to borrowers comes from (remind --borrowers): their replies come to it"
    )
    static let mailName = Setting(
        "mail.name", ValueReader<String>.text.optional, default: nil, described: "your full name (the password database's)",
        help: "your name, as the people you lend to know you: in e-mail to them and on their share pages"
    )
    static let mailSendmail = Setting(
        "mail.sendmail", ValueReader<SystemPath>.path, default: SystemPath(bytes: Array("/usr/sbin/sendmail".utf8))!,
        help: "the program that delivers e-mail, run as SENDMAIL -oi -f FROM -- ADDRESS (exim4, postfix and msmtp-mta all give /usr/sbin/sendmail)"
    )
    static let colour = Setting(
        "color", .choice(noun: "colour choice"), default: ColourChoice.auto, help: "colour text on a terminal",
        option: "--color", valueName: "WHEN", optionHelp: "when to colour text; auto colours a terminal unless TERM=dumb",
        variable: .set("NO_COLOR", means: .never)
    )

    static let all = [
        db.declaration, window.declaration, widgetFormat.declaration, widgetMaxWidth.declaration, widgetTerminal.declaration,
        remindLead.declaration, remindOverdueEvery.declaration, remindRecipient.declaration, calendarAlarms.declaration,
        serveListen.declaration, serveBaseURL.declaration, mailFrom.declaration, mailName.declaration, mailSendmail.declaration,
        colour.declaration,
    ]
}
