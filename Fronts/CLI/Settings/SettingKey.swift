import LoansCore
import LoansText
import LoansWidget

/// A setting that the config file may give, and that an option or an environment variable may
/// override: option > environment > config file > default.
enum SettingKey: String, CaseIterable {
    case db
    case window
    case widgetFormat = "widget.format"
    case widgetMaxWidth = "widget.max_width"
    case remindLead = "remind.lead"
    case remindOverdueEvery = "remind.overdue_every"
    case calendarAlarms = "calendar.alarms"
    case serveListen = "serve.listen"
    case serveBaseURL = "serve.base_url"
    case color

    var kind: ValueKind {
        switch self {
        case .db: GlobalOptions.db.kind
        case .window: GlobalOptions.window.kind
        case .widgetFormat: WidgetCommand.format.kind
        case .widgetMaxWidth: WidgetCommand.maxWidth.kind
        case .remindLead: RemindCommand.lead.kind
        case .remindOverdueEvery: RemindCommand.overdueEvery.kind
        case .calendarAlarms: CalendarCommand.alarms.kind
        case .serveListen: ServeCommand.listen.kind
        case .serveBaseURL: ServeCommand.baseURL.kind
        case .color: GlobalOptions.color.kind
        }
    }

    /// The option that overrides the setting for one run (a global option, or the option of the
    /// command the setting is for).
    var option: OptionDeclaration? {
        switch self {
        case .db: GlobalOptions.db
        case .window: GlobalOptions.window
        case .widgetFormat: WidgetCommand.format
        case .widgetMaxWidth: WidgetCommand.maxWidth
        case .color: GlobalOptions.color
        case .remindLead: RemindCommand.lead
        case .remindOverdueEvery: RemindCommand.overdueEvery
        case .calendarAlarms: CalendarCommand.alarms
        case .serveListen: ServeCommand.listen
        case .serveBaseURL: ServeCommand.baseURL
        }
    }

    /// The environment variable that overrides the config file, if any.
    var environment: String? {
        switch self {
        case .db, .window, .color: option?.environment
        case .widgetFormat, .widgetMaxWidth, .remindLead, .remindOverdueEvery, .calendarAlarms, .serveListen, .serveBaseURL: nil
        }
    }

    /// The value when nothing sets it; nil for `db` (its place follows XDG_DATA_HOME and HOME),
    /// for `calendar.alarms` (it follows `remind.lead`) and for `serve.base_url` (it follows the
    /// address `serve` listens on).
    var defaultValue: Value? {
        switch self {
        case .db, .calendarAlarms, .serveBaseURL: nil
        case .serveListen: .text(ServeCommand.defaultListen)
        case .window: .number(DueWindow.standard.days)
        case .widgetFormat: .choice(WidgetFormat.plain.rawValue)
        case .widgetMaxWidth: .number(WidgetPresenter.defaultMaxWidth)
        case .remindLead: .days(ReminderSchedule.standard.leads.reversed())
        case .remindOverdueEvery: .number(ReminderSchedule.standard.overdueEvery)
        case .color: .choice(ColourChoice.auto.rawValue)
        }
    }

    /// What the setting means, for `loans config`, help and the man page.
    var help: String {
        switch self {
        case .db: "the database file"
        case .window: "\"due soon\" means due within this many days"
        case .widgetFormat: "the widget's bar format"
        case .widgetMaxWidth: "the widget's width in display columns"
        case .remindLead: "days before the due date to remind, like 3,1,0"
        case .remindOverdueEvery: "remind of an overdue loan every this many days"
        case .calendarAlarms: "alarms of the calendar feed, days before the due date (default: remind.lead)"
        case .serveListen: "where loans serve listens: HOST:PORT"
        case .serveBaseURL: "the address people reach loans serve at (default http://LISTEN/)"
        case .color: "colour text on a terminal: auto, always or never"
        }
    }
}
