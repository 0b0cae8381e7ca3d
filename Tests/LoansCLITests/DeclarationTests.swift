import Foundation
import LoansArguments
@testable import LoansCLI
import LoansTestSupport
import Testing

/// Help, the man page, the completions and the README are made from the command declarations;
/// these tests read the declarations and check that each output says what they say.
@Suite struct DeclarationTests {
    let loans: CommandLineHarness
    init() throws { loans = try CommandLineHarness() }

    static let commands = CommandName.allCases.map(\.declaration).filter { !$0.hidden }

    @Test(arguments: commands.map(\.name))
    func commandHelpShowsTheDeclaration(_ name: String) throws {
        let command = try #require(CommandName.named(name)?.declaration)
        let help = loans(name, "--help")
        #expect(help.code == .success && help.err.isEmpty)
        #expect(help.out.hasPrefix("Usage: \(command.synopsis)\n\n"))
        #expect(loans("help", name).out == help.out)
        let flat = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        func shows(_ text: String) -> Bool { flat.contains(text.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
        #expect(shows(command.abstract))
        for paragraph in HelpLayout.paragraphs(command.discussion) { #expect(shows(paragraph)) }
        for alias in command.aliases { #expect(shows("loans \(alias)")) }
        for positional in command.positionals { #expect(shows("\(positional.name) \(positional.help)")) }
        for option in command.options { #expect(shows("\(option.usage) \(option.help)"), "\(option.name)") }
        for alias in command.aliases { #expect(loans(alias, "--help").out == help.out) }
    }

    @Test func theOverviewListsEveryCommandAndGlobalOption() {
        let overview = loans("--help").out
        #expect(overview == loans("help").out)
        for command in DeclarationTests.commands {
            #expect(overview.contains("\n  \(command.synopsis)\n"), "\(command.name)")
        }
        for option in GlobalOptions.all { #expect(overview.contains(option.usage)) }
        #expect(!overview.contains("__complete"))
        let flat = overview.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in ExitCode.allCases { #expect(flat.contains("\(code.rawValue) \(code.meaning)")) }
    }

    @Test func synopsesKeepTheirShape() {
        let synopses = Dictionary(uniqueKeysWithValues: DeclarationTests.commands.map { ($0.name, $0.synopsis) })
        #expect(synopses["add"] == "loans add TITLE (--to NAME | --from NAME) --due DATE [--lent DATE] [--note TEXT]")
        #expect(synopses["list"] == "loans list [--open | --returned | --all] [--lent | --borrowed] [--person NAME] [--search TEXT]")
        #expect(synopses["renew"] == "loans renew ID (--due DATE | --by +N[dwmy])")
        #expect(synopses["json"] == "loans json [agenda | overdue | due-soon | all | history] [ID] [--history] [--ndjson]")
        #expect(synopses["import"] == "loans import FILE|- [--replace | --renumber] [--dry-run]")
        #expect(synopses["completions"] == "loans completions bash|zsh|fish")
    }

    /// The synopsis blocks of the README and of Docs/CommandLine.md are the declarations'
    /// synopses, line for line.
    @Test(arguments: [("README.md", "Full synopsis:\n\n```\n"), ("Docs/CommandLine.md", "## Commands\n\n```\n")])
    func theDocumentedSynopsisIsTheDeclarations(_ file: String, _ heading: String) throws {
        let text = try String(contentsOf: DeclarationTests.repository.appendingPathComponent(file), encoding: .utf8)
        let start = try #require(text.range(of: heading))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let block = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        #expect(block == ["loans"] + DeclarationTests.commands.map(\.synopsis))
    }

    /// Each case of `CommandName` runs the command of its name.
    @Test func everyCaseRunsTheCommandItNames() {
        for command in CommandName.allCases { #expect(command.declaration.name == command.rawValue) }
        #expect(Set(CommandName.allCases.flatMap(\.declaration.names)).count == CommandName.allCases.flatMap(\.declaration.names).count)
    }

    /// Within a command, every spelling names one option, and none shadows a global option.
    @Test func everySpellingNamesOneOption() {
        for command in CommandName.allCases.map(\.declaration) {
            let spellings = (command.options + GlobalOptions.all).flatMap(\.spellings)
            #expect(Set(spellings).count == spellings.count, "\(command.name)")
        }
    }

    @Test func theManPageIsCleanUnderMandocLint() throws {
        let page = loans("help", "--man")
        #expect(page.code == .success && page.out.hasPrefix(".TH LOANS 1 "))
        let file = loans.folder + "/loans.1"
        try page.out.write(toFile: file, atomically: true, encoding: .utf8)
        let lint = try DeclarationTests.run("/usr/bin/mandoc", ["-T", "lint", "-W", "all", file])
        #expect(lint.output.isEmpty, "\(lint.output)")
        #expect(lint.status == 0)
        let text = try DeclarationTests.run("/usr/bin/mandoc", ["-T", "utf8", file]).output
        let plain = text.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for command in DeclarationTests.commands {
            #expect(plain.contains("loans \(command.name)"))
            for option in command.options { #expect(plain.contains(option.usage), "\(command.name) \(option.name)") }
        }
        for setting in SettingKey.all { #expect(plain.contains(setting.key)) }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a tool to its end (within `ProgramRun`'s deadline): its status, stdout then stderr.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ProgramRun(program, arguments)
        return (run.status, run.out + run.err)
    }
}
