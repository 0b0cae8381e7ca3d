import Foundation
import LoansArguments
@testable import LoansCLI
import LoansCore
import LoansText
import LoansWidget
import Testing

/// Options, positionals and settings are declared once, typed by their values: a read of the
/// wrong type does not compile, every setting's option is taken by exactly one place, and a
/// setting nothing gives is its declared default.
@Suite struct TypedDeclarationTests {
    /// Reads of every shape (an option, a flag, a positional, a setting), typed as declared and
    /// then as something else: the first file compiles, each line of the second is refused by the
    /// compiler. Checked with the compiler that built the tests, against the modules it built.
    @Test func aReadOfAnotherTypeDoesNotCompile() throws {
        let reads = [
            ("Int?", "input[HistoryCommand.limit]", "String?"),
            ("String?", "input[WidgetCommand.empty]", "Int?"),
            ("Bool", "input[WidgetCommand.watch]", "String?"),
            ("LoanID?", "input[LoanOptions.id]", "String?"),
            ("CivilDate?", "input[LoanOptions.due]", "String?"),
            ("WidgetFormat", "input.settings[SettingKey.widgetFormat]", "String"),
            ("Int", "input.settings[SettingKey.widgetMaxWidth]", "String"),
        ]
        // `@testable` for the modules' `package` types, which a file outside the package cannot see.
        let imports = ["@testable import LoansCLI", "@testable import LoansCore", "@testable import LoansWidget"]
        func source(_ types: [String]) -> String {
            let lines = zip(types, reads).enumerated().map { index, read in
                "func read\(index)(_ input: CommandInput) -> \(read.0) { \(read.1.1) }"
            }
            return (imports + lines).joined(separator: "\n") + "\n"
        }
        let right = try TypedDeclarationTests.typecheck(source(reads.map(\.0)))
        #expect(right.status == 0, "\(right.output)")
        let wrong = try TypedDeclarationTests.typecheck(source(reads.map(\.2)))
        #expect(wrong.status != 0)
        for (index, read) in reads.enumerated() {
            #expect(wrong.output.contains("reads.swift:\(imports.count + 1 + index):"), "\(read.1) read as \(read.2) compiled: \(wrong.output)")
        }
    }

    /// Each setting's option is listed by the global options or by exactly one command (else
    /// nothing would parse it, or two commands would read one setting's option).
    @Test func everySettingsOptionIsTakenOnce() {
        for setting in SettingKey.all {
            guard let option = setting.option else { continue }
            let commands = CommandName.allCases.filter { $0.declaration.options.contains(option) }
            let global = GlobalOptions.all.contains(option)
            #expect(commands.count + (global ? 1 : 0) == 1, "\(setting.key): \(option.name) is taken by \(commands) global: \(global)")
        }
    }

    /// A setting follows only a setting listed before it in the table (which is the order
    /// `Settings` resolves them in, again after a command's own options).
    @Test func aSettingFollowsOneListedBeforeIt() {
        for (index, setting) in SettingKey.all.enumerated() {
            guard case .sameAs(let other) = setting.fallback else { continue }
            #expect(SettingKey.all.prefix(index).contains { $0.key == other.key }, "\(setting.key) follows \(other.key)")
        }
    }

    /// A command's own option for a setting that another follows moves both: `remind --lead` is
    /// what `calendar.alarms` follows, when nothing gives the alarms.
    @Test func aFollowingSettingFollowsACommandsOption() throws {
        let parsed = try LoansCommandLine.parse(["remind", "--lead", "5"].map(Word.init), environment: Environment([:]), clock: FixedClock())
        guard case .run(_, let settings, _, _) = parsed else {
            Issue.record("not a command: \(parsed)")
            return
        }
        #expect(settings[SettingKey.remindLead] == [5] && settings[SettingKey.calendarAlarms] == [5])
        let rows = Dictionary(uniqueKeysWithValues: settings.table.map { ($0.key, $0.source) })
        #expect(rows["remind.lead"] == .option("--lead") && rows["calendar.alarms"] == .sameAs("remind.lead"))
    }

    /// A setting's option says what it overrides and what it is without it: its help (in
    /// `loans CMD --help` and the overview) ends in the config key and the default, which the
    /// setting states once.
    @Test func aSettingsOptionNamesItsKeyAndDefault() throws {
        let loans = try CommandLineHarness()
        for setting in SettingKey.all {
            guard let option = setting.option else { continue }
            let note = "(default the config file's \(setting.key), else \(setting.shownDefault))"
            #expect(option.help.hasSuffix(note), "\(option.name): \(option.help)")
            let command = CommandName.allCases.first { $0.declaration.options.contains(option) }
            let help = loans.run(command.map { [$0.rawValue, "--help"] } ?? ["--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains(note), "\(option.name)")
        }
    }

    /// With nothing given (no option, no variable, no config file), every setting is its default,
    /// and the commands read the same values.
    @Test func aSettingNothingGivesIsItsDefault() throws {
        let parsed = try LoansCommandLine.parse([Word("widget")], environment: Environment([:]), clock: FixedClock())
        guard case .run(let command, let settings, _, _) = parsed, let widget = command as? WidgetCommand else {
            Issue.record("not the widget: \(parsed)")
            return
        }
        #expect(settings.configPath == nil)
        for (key, _, source) in settings.table {
            #expect(source == (key == SettingKey.calendarAlarms.key ? .sameAs(SettingKey.remindLead.key) : .byDefault), "\(key)")
        }
        #expect(settings[SettingKey.db] == nil && settings.location == .file(nil))
        #expect(settings.window == DueWindow.standard && settings.colour == .auto)
        #expect(widget.format == .plain && widget.maxWidth == WidgetPresenter.defaultMaxWidth)
        #expect(settings[SettingKey.remindLead] == [3, 1, 0] && settings[SettingKey.remindOverdueEvery] == 7)
        #expect(settings[SettingKey.calendarAlarms] == settings[SettingKey.remindLead])
    }

    /// Runs `swiftc -typecheck` on `source` with the modules of this build.
    static func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loans-typecheck-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("reads.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules").path
        let root = DeclarationTests.repository.path
        let includes = ["Adapters/CSQLite", "Adapters/CLinux", "Adapters/CLibPQ", "Adapters/CMicroHTTPD", "Adapters/CArgon2", "Fronts/CNcurses"].flatMap { ["-I", root + "/" + $0] }
        return try DeclarationTests.run(try compiler(), ["-typecheck", "-I", modules] + includes + [file.path])
    }

    /// The `swiftc` next to the `swift` on PATH (the toolchain running the tests).
    static func compiler() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = (path.split(separator: ":").map { $0 + "/swiftc" } + ["/opt/swift/usr/bin/swiftc"])
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "no swiftc on PATH")
    }
}
