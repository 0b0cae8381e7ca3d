import LoansArguments
import Testing

/// Help, the man page and the completion scripts are functions of one `ProgramDescription`:
/// another program, described, gets its own name, commands and words in all of them, and none
/// of loans'. (loans' own outputs are checked against its declarations in `DeclarationTests`.)
@Suite struct ProgramDescriptionTests {
    enum TallyCommand: String, CommandNames {
        static let program = "tally"
        case count, undo
    }

    static let item = Positional("ID", .id, help: "the item counted")
    static let step = Option("--by", .number(1...9, unit: "steps"), "N", help: "count N at once")
    static let quiet = Flag("--quiet", help: "say nothing")
    static let help = Flag("--help", help: "show help", short: "-h")

    static let tally = ProgramDescription(
        name: "tally", tagline: "counts things", alone: "the count so far",
        about: "tally counts things. Run alone, it prints the count so far.",
        commands: [
            CommandDeclaration(TallyCommand.count, abstract: "Count one more.", positionals: [item]) { step },
            CommandDeclaration(TallyCommand.undo, aliases: ["u"], abstract: "Take the last count back."),
        ],
        completions: "scripts", completer: "__candidates",
        globalOptions: [quiet.declaration, help.declaration], globalRules: [], answering: [help.declaration],
        settings: [], exitCodes: [.init(0, "counted"), .init(64, "a word it does not know")],
        dates: "YYYY-MM-DD", database: "Store: one file.", configuration: "Configuration: none.",
        environment: [("TALLY_FILE", "the file to count in")], files: [("~/.tally", "the count")], examples: ["tally count --by 2"]
    )

    @Test func helpSpeaksOfTheProgramDescribed() {
        let help = HelpText(Self.tally)
        let overview = help.overview()
        #expect(overview.hasPrefix("tally — counts things.\n\nUsage:\n  tally  (the count so far)\n  tally count ID [--by N]\n"))
        #expect(overview.contains("Take the last count back. (also: tally u)"))
        #expect(overview.contains("\nStore: one file.\n\nConfiguration: none.\n\nExit codes: 0 counted; 64 a word it does not know."))
        let command = help.command(Self.tally.commands[0])
        #expect(command.hasPrefix("Usage: tally count ID [--by N]\n\nCount one more.\n"))
        #expect(command.hasSuffix("\nGlobal options: --quiet (see 'tally --help')."))
        #expect(!overview.lowercased().contains("loans") && !command.lowercased().contains("loans"))
    }

    @Test func theManPageSpeaksOfTheProgramDescribed() {
        let page = ManPage(Self.tally).render(version: "1.0", date: "2030-01-02")
        #expect(page.hasPrefix(".TH TALLY 1 2030-01-02 \"tally 1.0\" \"User Commands\"\n.SH NAME\ntally \\- counts things\n"))
        for line in [".B tally count", ".B tally undo", ".B TALLY_FILE", ".I ~/.tally", "tally count \\-\\-by 2", ".B 64"] {
            #expect(page.contains("\n" + line + "\n"), "\(line)")
        }
        #expect(!page.lowercased().contains("loans"))
    }

    /// Each script completes the program described and asks its completer; only the loan ids'
    /// own words (zsh's `_tally_loans` and its `loans` tag) say "loans".
    @Test(arguments: Shell.allCases)
    func theScriptsCompleteTheProgramDescribed(_ shell: Shell) {
        let script = Self.tally.completionScript(for: shell)
        let expected = switch shell {
        case .bash: ["complete -F _tally tally", "\"$program\" __candidates \"$1\" bash", "count:0) _tally_ids ids ;;", "count:--by) return 0 ;;"]
        case .zsh: ["#compdef tally", "compdef _tally tally", "_tally_ids() { _tally_loans ids }", "$_tally_program __candidates names zsh"]
        case .fish: ["complete -c tally -n 'not __tally_command' -a u", "(tally __candidates ids fish)", "function __tally_words"]
        }
        for text in expected { #expect(script.contains(text), "\(text)") }
        let cleared = script.replacing("_tally_loans", with: "").replacing("-t loans 'loan'", with: "")
        #expect(!cleared.lowercased().contains("loans"))
        #expect(script.contains("`tally scripts \(shell)`"))
    }
}
