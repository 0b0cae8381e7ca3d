import Foundation
import LoansArguments
@testable import LoansCLI
import LoansAdapters
import LoansCore
import Testing

/// The config file: each key's precedence (option > environment > file > default) and files
/// that are not what they should be (exit 78 naming the file and line, never a crash).
@Suite struct ConfigFileTests {
    let loans: CommandLineHarness
    init() throws {
        loans = try CommandLineHarness()
        loans.environment["LOANS_DB"] = nil
    }

    /// The settings a run would use, and where each came from.
    func settings(_ arguments: [String] = ["agenda"]) throws -> Settings {
        let environment = Environment(loans.environment.mapValues { Array($0.utf8) })
        guard case .run(_, let settings, _, _) = try LoansCommandLine.parse(arguments.map(Word.init), environment: environment, clock: FixedClock())
        else { throw CLIError.usage("not a command", nil) }
        return settings
    }

    /// The command a run would use (for the options of one command, like widget --format).
    func command<T>(_ arguments: [String], as type: T.Type) throws -> T? {
        let environment = Environment(loans.environment.mapValues { Array($0.utf8) })
        guard case .run(let command, _, _, _) = try LoansCommandLine.parse(arguments.map(Word.init), environment: environment, clock: FixedClock())
        else { return nil }
        return command as? T
    }

    /// Values for a setting's sources, made from its kind: different from each other where the
    /// kind has enough values, and never the default.
    static func samples(_ kind: ValueKind, of key: String, avoiding shownDefault: String) -> [String] {
        // Texts that must have a shape of their own: `serve`'s address and base URL.
        let shaped = [
            "serve.listen": ["127.0.0.1:1111", "[::1]:2222", "localhost:3333", "0.0.0.0:4444"],
            "serve.base_url": ["http://one.example/", "https://two.example:8443/", "http://[::1]:3333/"],
            "mail.from": ["one@example.org", "two@example.org", "three@example.org"],
        ]
        if let values = shaped[key] { return values.filter { $0 != shownDefault } }
        let candidates: [String] = switch kind {
        case .number(let range, _): (0..<4).map { String(range.lowerBound + $0) }
        case .choice(let values, _): values
        case .days: ["1", "2", "5", "9"]
        case .path: ["/tmp/from-option.db", "/tmp/from-env.db", "/tmp/from-config.db"]
        case .text, .name: ["first", "second", "third"]
        default: []
        }
        return candidates.filter { $0 != shownDefault }
    }

    /// Every setting of the table, each source that can give it in turn: its option beats its
    /// environment variable, which beats the config file, which beats the default. Generated from
    /// the declarations: a setting added to the table is checked here without a new row.
    @Test(arguments: SettingKey.all.map(\.key))
    func optionBeatsEnvironmentBeatsFileBeatsDefault(_ key: String) throws {
        let setting = try #require(SettingKey.all.first { $0.key == key })
        // A global option is given after `agenda`; a command's, after the command that lists it.
        var command = ["agenda"]
        if let option = setting.option, !GlobalOptions.all.contains(option) {
            let declaring = try #require(CommandName.allCases.first { $0.declaration.options.contains(option) }, "no command takes \(option.name)")
            #expect(declaring.declaration.positionalCount.lowerBound == 0)
            command = [declaring.rawValue]
        }
        func inForce(_ words: [String] = []) throws -> (shown: String, source: SettingSource) {
            let row = try #require(settings(command + words).table.first { $0.key == key })
            return (row.shown, row.source)
        }
        // The variable that gives the setting, and what its being set means when it is not read.
        let variable: (name: String, means: String?)? = switch setting.variable {
        case .absent: nil
        case .value(let name): (name, nil)
        case .set(let name, _, let shown): (name, shown)
        }
        var samples = ConfigFileTests.samples(setting.kind, of: key, avoiding: setting.shownDefault)
        try #require(samples.count >= 2, "\(key): no values to try for its kind")
        let fromOption = samples.removeFirst()
        let fromEnvironment = variable.map { $0.means ?? samples.removeFirst() }
        let fromFile = samples.first ?? fromOption
        try loans.writeConfig("# settings\n\n\(key) = \(fromFile)\n")
        if let (name, means) = variable { loans.environment[name] = means == nil ? fromEnvironment : "1" }

        if let option = setting.option {
            let given = try inForce([option.name, fromOption])
            #expect((given.shown, given.source) == (fromOption, .option(option.name)))
        }
        if let (name, _) = variable {
            let given = try inForce()
            #expect((given.shown, given.source) == (fromEnvironment, .environment(name)))
            loans.environment[name] = nil
        }
        let file = try #require(SystemPath(loans.configPath))
        let written = try inForce()
        #expect((written.shown, written.source) == (fromFile, .config(file, line: 3)))

        try loans.writeConfig("# nothing set\n")
        let byDefault = try inForce()
        switch byDefault.source {
        case .byDefault where key == SettingKey.db.key:
            #expect(byDefault.shown.isEmpty, "db has no value of its own: its place follows XDG_DATA_HOME and HOME")
            #expect(loans("config").out.contains("db                   = \(loans.folder)/.local/share/loans/loans.db  (default)"))
        case .byDefault where key == SettingKey.remindRecipient.key:
            #expect(byDefault.shown.isEmpty, "no recipient of its own: the login name, asked when a run needs it")
            #expect(loans("config").out.contains("remind.recipient     = \(SystemAuthor.user())  (default)"))
        case .byDefault where key == SettingKey.serveBaseURL.key:
            #expect(byDefault.shown.isEmpty, "serve.base_url has no value of its own: it follows the address serve listens on")
        case .byDefault where key == SettingKey.mailFrom.key || key == SettingKey.mailName.key:
            #expect(byDefault.shown.isEmpty, "\(key) has no value of its own: none, or the full name, asked when a run needs it")
        case .byDefault:
            #expect(byDefault.shown == setting.shownDefault)
        case .sameAs(let other):
            #expect(byDefault.shown == (try settings(command).table.first { $0.key == other }?.shown))
            #expect(setting.shownDefault == "the same as \(other)")
        default:
            Issue.record("\(key): nothing given, yet the value came from \(byDefault.source)")
        }
    }

    /// The keys a command's own option overrides: option > file > default, read by the command.
    @Test func commandOptionsBeatTheFile() throws {
        func widget(_ words: [String]) throws -> WidgetCommand? { try command(["widget"] + words, as: WidgetCommand.self) }
        func remind(_ words: [String]) throws -> ReminderSchedule? { try command(["remind"] + words, as: RemindCommand.self)?.schedule }
        func alarms(_ words: [String]) throws -> [Int]? { try command(["calendar"] + words, as: CalendarCommand.self)?.alarms }
        #expect(try widget([])?.format == .plain && widget([])?.maxWidth == 50)
        #expect(try remind([]) == ReminderSchedule.standard)
        #expect(try alarms([]) == [3, 1, 0])
        try loans.writeConfig("widget.format = tmux\nwidget.max_width = 30\nremind.lead = 7,2\nremind.overdue_every = 3\n")
        #expect(try widget([])?.format == .tmux && widget([])?.maxWidth == 30)
        #expect(try widget(["--format", "waybar", "--max-width", "12"])?.format == .waybar)
        #expect(try widget(["--format", "waybar", "--max-width", "12"])?.maxWidth == 12)
        #expect(try remind([]) == ReminderSchedule(leads: [2, 7], overdueEvery: 3))
        #expect(try remind(["--lead", "1", "--overdue-every", "5"]) == ReminderSchedule(leads: [1], overdueEvery: 5))
        #expect(try alarms([]) == [7, 2], "the alarms follow the reminder leads")
        try loans.writeConfig("remind.lead = 7,2\ncalendar.alarms = 0\n")
        #expect(try alarms([]) == [0])
        #expect(try alarms(["--alarms", ""]) == [], "'' is no alarms")
        #expect(loans("widget").out.isEmpty == false)
    }

    @Test func theFileChangesWhatCommandsDo() throws {
        try loans.writeConfig("db = \(loans.folder)/configured.db\nwindow = 0\n")
        #expect(loans("add", "Dune", "--from", "Library", "--due", "+1d").out == "1\n")
        #expect(FileManager.default.fileExists(atPath: loans.folder + "/configured.db"))
        #expect(loans("due-soon").out == "No loans due soon.\n")
        #expect(loans("due-soon", "--window", "1").out.contains("Dune"))
    }

    @Test func configShowsEveryKeyAndItsSource() throws {
        try loans.writeConfig("window = 5\r\n  # indented comment\n\tcolor\t=\tnever  \n")
        loans.environment["LOANS_DB"] = loans.folder + "/env.db"
        let out = loans("--window", "2", "config").out
        #expect(out.hasPrefix("# config file: \(loans.configPath)\n"))
        for setting in SettingKey.all { #expect(out.contains("\n\(setting.key) "), "\(setting.key)") }
        #expect(out.contains("window               = 2  (option --window)"))
        #expect(out.contains("color                = never  (\(loans.configPath):3)"))
        #expect(out.contains("db                   = \(loans.folder)/env.db  (environment LOANS_DB)"))
    }

    @Test func xdgConfigHomeWinsOverHome() throws {
        try loans.writeConfig("window = 5\n")
        let xdg = loans.folder + "/xdg"
        try FileManager.default.createDirectory(atPath: xdg + "/loans", withIntermediateDirectories: true)
        try "window = 9\n".write(toFile: xdg + "/loans/config", atomically: true, encoding: .utf8)
        loans.environment["XDG_CONFIG_HOME"] = xdg
        #expect(try settings().window.days == 9)
        loans.environment["XDG_CONFIG_HOME"] = "relative/path"
        #expect(try settings().window.days == 5)
    }

    static let refusals: [(String, String)] = [
        ("colour = never\n", #":1: unknown key "colour"; did you mean "color"?"#),
        ("\n\nwindow = soon\n", #":3: window: "soon" is not a number of days from 0 to 36500"#),
        ("widget.format = tmx\n", #":1: widget.format: "tmx" is not a format (use plain, tmux, i3blocks, i3bar, waybar, i3status-rust, polybar); did you mean "tmux"?"#),
        ("widget.max_width = 0\n", #":1: widget.max_width: "0" is not a number of columns from 1 to 1000"#),
        ("remind.lead = 3,,1\n", #":1: remind.lead: "3,,1" is not a list of days like 3,1,0"#),
        ("remind.overdue_every = 0\n", #":1: remind.overdue_every: "0" is not a number of days from 1 to 36500"#),
        ("calendar.alarms = -1\n", #":1: calendar.alarms: "-1" is not a list of days"#),
        ("color = sometimes\n", #":1: color: "sometimes" is not a colour choice (use auto, always, never)"#),
        ("db =\n", ":1: db: an empty path names no file"),
        ("window 5\n", #":1: expected "key = value""#),
        ("window = 5\nwindow = 6\n", ":2: window is set twice (first on line 1)"),
    ]

    @Test(arguments: refusals)
    func aBadLineIsExit78WithFileAndLine(_ text: String, _ message: String) throws {
        try loans.writeConfig(text)
        let result = loans("agenda")
        #expect(result.code == .config)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("loans: \(loans.configPath)\(message)"), "\(result.err)")
        #expect(loans("--help").code == .success, "help still works with a broken file")
    }

    /// Help, the man page and the completion scripts need nothing of the run: a broken config
    /// file or environment never stops them (a shell sources the completions at every start).
    @Test func helpAndCompletionsNeedNoSettings() throws {
        try loans.writeConfig("colour = never\n")
        loans.environment["LOANS_WINDOW"] = "soon"
        loans.environment["LOANS_TODAY"] = "someday"
        #expect(loans("agenda").code != .success)
        for words in [["help"], ["help", "add"], ["help", "--man"], ["completions", "bash"], ["completions", "zsh"], ["completions", "fish"], ["--window", "3", "help", "list"]] {
            let result = loans.run(words)
            #expect(result.code == .success && result.err.isEmpty && !result.out.isEmpty, "\(words): \(result.err)")
        }
        // Their own words are still checked.
        #expect(loans("help", "lsit").code == .usage)
        #expect(loans("completions", "tcsh").code == .usage)
    }

    @Test func hostileFilesGetClearErrors() throws {
        var binary: [UInt8] = Array("window = 5\n".utf8)
        binary += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        try loans.writeConfig(binary)
        let nul = loans("agenda")
        #expect(nul.code == .config && nul.err.hasPrefix("loans: \(loans.configPath):2: a NUL byte: this is not a text file"), "\(nul.err)")

        try loans.writeConfig([0x23, 0x0A] + Array("window = 5 ".utf8) + [0xFF, 0x0A])
        let notUTF8 = loans("agenda")
        #expect(notUTF8.code == .config && notUTF8.err.hasPrefix("loans: \(loans.configPath):2: window: the value is not valid UTF-8"), "\(notUTF8.err)")

        try loans.writeConfig(String(repeating: "# a comment that goes on\n", count: 4000))
        let huge = loans("agenda")
        #expect(huge.code == .config && huge.err.hasPrefix("loans: the config file \(loans.configPath) is larger than 64 KiB"), "\(huge.err)")

        try FileManager.default.removeItem(atPath: loans.configPath)
        try FileManager.default.createDirectory(atPath: loans.configPath, withIntermediateDirectories: true)
        let folder = loans("agenda")
        #expect(folder.code == .config && folder.err.hasPrefix("loans: the config file \(loans.configPath) is a folder"), "\(folder.err)")

        try FileManager.default.removeItem(atPath: loans.configPath)
        #expect(mkfifo(loans.configPath, 0o600) == 0)
        let fifo = loans("agenda")
        #expect(fifo.code == .config && fifo.err.hasPrefix("loans: the config file \(loans.configPath) is not a regular file"), "\(fifo.err)")

        try FileManager.default.removeItem(atPath: loans.configPath)
        try FileManager.default.createSymbolicLink(atPath: loans.configPath, withDestinationPath: "/dev/zero")
        #expect(loans("agenda").code == .config)

        try FileManager.default.removeItem(atPath: loans.configPath)
        #expect(loans("agenda").code == .success, "no file is no settings")
    }

    /// A relative `db` would name a different database in every folder loans is run from: the
    /// file refuses it (78, file:line), and says what to write instead.
    @Test func aRelativeDatabasePathIsRefused() throws {
        for relative in ["loans.db", "./loans.db", "data/loans.db", "~bob/loans.db", "~", "~loans.db"] {
            try loans.writeConfig("# where\ndb = \(relative)\n")
            let result = loans("agenda")
            #expect(result.code == .config, "\(relative)")
            #expect(result.err.hasPrefix(
                "loans: \(loans.configPath):2: db: \(Quoted(relative)) is a relative path, which would name another file in every folder: write an absolute path, or one starting with ~/ for your home folder"
            ), "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/loans.db"))
        }
        // A server's location is not a path.
        try loans.writeConfig("db = postgresql://loans@db.example/loans\n")
        #expect(try settings().location == .server(ServerLocation("postgresql://loans@db.example/loans")!))
        // An option or a variable is read where it is typed, against the folder it is typed in.
        try loans.writeConfig("# nothing\n")
        #expect(try settings(["--db", "here.db", "agenda"]).location == .file(SystemPath("here.db")))
    }

    /// `~/` at the start is the home folder: HOME's bytes as they are (not decoded as UTF-8), the
    /// rest of the value after them.
    @Test func aTildeSlashIsTheHomeFolder() throws {
        let home = Array(loans.folder.utf8) + [0x2F, 0xE9, 0x74, 0xE9] // "/été" in Latin-1: not UTF-8
        try loans.writeConfig("db = ~/data/loans.db\n")
        var environment = loans.environment.mapValues { Array($0.utf8) }
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = Array((loans.folder + "/.config").utf8)
        guard case .run(_, let fromBytes, _, _) = try LoansCommandLine.parse(["agenda"].map(Word.init), environment: Environment(environment), clock: FixedClock())
        else { throw CLIError.usage("not a command", nil) }
        #expect(fromBytes.location == .file(SystemPath(bytes: home + Array("/data/loans.db".utf8))))
        #expect(try settings(["agenda"]).location == .file(SystemPath(loans.folder + "/data/loans.db")))
        #expect(loans("config").out.contains("db                   = \(loans.folder)/data/loans.db  (\(loans.configPath):1)"))

        try loans.writeConfig("db = ~/x.db\n")
        loans.environment["HOME"] = "relative"
        loans.environment["XDG_CONFIG_HOME"] = loans.folder + "/.config"
        let homeless = loans("agenda")
        #expect(homeless.code == .config && homeless.err.hasPrefix(
            "loans: \(loans.configPath):1: db: ~/ stands for the home folder, and HOME is not an absolute path"
        ), "\(homeless.err)")
    }

    /// A refused address or base URL is quoted with its controls escaped, never shown raw: a tab
    /// in `serve.listen` reached the terminal as it was (found by fuzzing the config file).
    @Test(arguments: ["serve.listen = WW\t\tWW", "serve.listen = a\u{9B}b:1", "serve.base_url = http://a\u{202E}b/x\t"])
    func aRefusedAddressOrURLIsQuotedSafely(_ line: String) {
        let (_, refusal) = LoansCommandLine.checkConfig(bytes: Array(line.utf8), path: "/c/config")
        let message = refusal?.1 ?? ""
        #expect(refusal?.0 == .config && message.hasPrefix("/c/config:1: "), "\(message)")
        let raw = message.unicodeScalars.filter(\.isTerminalControl)
        #expect(raw.isEmpty, "\(message.debugDescription)")
    }

    /// A file saved with a UTF-8 byte-order mark (as some editors on other systems do) reads as
    /// the same file without it.
    @Test func aByteOrderMarkIsAccepted() throws {
        try loans.writeConfig([0xEF, 0xBB, 0xBF] + Array("window = 3\ncolor = never\n".utf8))
        let result = loans("config")
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.contains("window               = 3  (\(loans.configPath):1)"))
        // Only at the very start: anywhere else it is a character of a key.
        try loans.writeConfig(Array("window = 3\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("color = never\n".utf8))
        let inside = loans("agenda")
        #expect(inside.code == .config && inside.err.hasPrefix("loans: \(loans.configPath):2: unknown key"), "\(inside.err)")
    }

    @Test func aPathInTheFileKeepsItsBytes() throws {
        let path = Array(loans.folder.utf8) + [0x2F, 0xFF, 0x2E, 0x64, 0x62]
        try loans.writeConfig(Array("db = ".utf8) + path + [0x0A])
        #expect(try settings().location == .file(SystemPath(bytes: path)))
    }
}
