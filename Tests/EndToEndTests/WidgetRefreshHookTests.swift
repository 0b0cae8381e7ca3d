import Foundation
import Testing

/// The refresh hook (`$XDG_CONFIG_HOME/loans/on-change`, else `~/.config/loans/on-change`):
/// run after every successful write, detached, with no loan data in its arguments or
/// environment; a failing or non-executable hook never fails the write.
@Suite struct WidgetRefreshHookTests {
    let loans: BinaryHarness
    let log: String

    init() throws {
        loans = try BinaryHarness()
        log = loans.folder + "/hook.log"
    }

    /// Writes the hook at `folder/loans/on-change` with `body` after a shebang, in `mode`.
    func install(_ body: String, in folder: String, mode: Int = 0o755) throws {
        try FileManager.default.createDirectory(atPath: folder + "/loans", withIntermediateDirectories: true)
        let path = folder + "/loans/on-change"
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// Records each run: its arguments, its environment, then `end`.
    var recorder: String {
        #"{ printf 'run argc=%s\n' "$#"; for a in "$@"; do printf 'arg=%s\n' "$a"; done; env; echo end; } >> ""# + log + "\""
    }

    /// The hook's path under a configuration folder.
    func hook(in folder: String) -> String { folder + "/loans/on-change" }

    func runs() -> [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "end\n").dropLast()
    }

    /// A document for `loans import` holding one loan with secret words.
    static let document = """
        {"schema_version":1,"query":"all","generated_at":"2026-11-29T11:40:00Z","today":"2026-11-29","window_days":7,
         "summary":{"overdue":0,"due_soon":1},"loans":[{"id":7,"title":"SECRET-IMPORTED","direction":"borrowed",
         "counterparty":"SECRET-LIBRARY","lent_on":"2026-11-20","due_on":"2026-12-04","returned_on":null,
         "note":"SECRET-NOTE","renewals":0,"previous_due_dates":[],"status":"due_soon","days_until_due":5}]}
        """

    @Test func runsAfterEveryWriteWithNoLoanData() throws {
        defer { loans.remove() }
        var loans = self.loans
        loans.environment["XDG_CONFIG_HOME"] = loans.folder + "/config"
        try install(recorder, in: loans.folder + "/config")
        let document = loans.folder + "/import.json"
        try Data(WidgetRefreshHookTests.document.utf8).write(to: URL(fileURLWithPath: document))
        let broken = loans.folder + "/broken.json"
        try Data(WidgetRefreshHookTests.document.replacingOccurrences(of: "\"schema_version\":1", with: "\"schema_version\":9").utf8)
            .write(to: URL(fileURLWithPath: broken))
        let writes: [[String]] = [
            ["add", "SECRET-TITLE", "--to", "SECRET-PARTY", "--due", "+3d", "--note", "SECRET-NOTE"],
            ["edit", "1", "--title", "SECRET-TITLE-2"], ["renew", "1", "--by", "+1w"], ["return", "1"], ["remove", "1"],
            ["import", document],
        ]
        for (index, write) in writes.enumerated() {
            let (result, programs) = try loans.traced(write)
            #expect(result.status == 0, "\(write): \(result.err)")
            #expect(programs.contains(hook(in: loans.folder + "/config")), "after \(write[0]): \(programs)")
            #expect(runs().count == index + 1, "after \(write[0])")
        }
        let reads: [([String], Int32)] = [
            (["list", "--all"], 0), (["widget"], 0), (["agenda"], 0), (["json", "all"], 0), (["remove", "1"], 1), (["show", "1"], 1),
            (["import", broken], 65),
        ]
        for (command, status) in reads {
            let (result, programs) = try loans.traced(command)
            #expect(result.status == status, "\(command): \(result.err)")
            #expect(programs == [BinaryHarness.binary], "\(command) started \(programs)")
        }
        let recorded = runs()
        #expect(recorded.count == writes.count, "reads and failed writes run no hook")
        for run in recorded {
            #expect(run.hasPrefix("run argc=0\n"))
            #expect(!run.contains("arg="))
            #expect(!run.contains("SECRET"))
            #expect(run.contains("LOANS_DB=" + loans.folder + "/loans.db"))
        }
    }

    /// A web write runs the hook too, once it is committed, as the command line's do; a signing
    /// in and a refused write run none.
    @Test func aWebWriteRunsTheHook() throws {
        defer { loans.remove() }
        try install(recorder, in: loans.folder + "/config")
        let serve = try ServeProcess(loans, extra: ["XDG_CONFIG_HOME": loans.folder + "/config"])
        let csrf = try serve.signIn()
        #expect(serve.process.isRunning && runs().isEmpty, "\(serve.process.output)")
        let form = ["csrf": csrf, "title": "SECRET-TITLE", "direction": "lent", "counterparty": "Kim", "due": "+1w"]
        #expect(try serve.curl("/loans", form: form).status == 303)
        #expect(eventually { runs().count == 1 }, "the web's write ran no hook")
        #expect(try serve.curl("/loans/99/renew", form: ["csrf": csrf, "by": "+1w"]).status == 404)
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        #expect(eventually { runs().count == 2 })
        #expect(runs().allSatisfy { $0.hasPrefix("run argc=0\n") && !$0.contains("SECRET") }, "\(runs())")
    }

    @Test func theHomeConfigurationIsTheFallback() throws {
        defer { loans.remove() }
        try install(recorder, in: loans.folder + "/.config")
        try loans.must("add", "A", "--to", "B", "--due", "+1d")
        #expect(eventually { runs().count == 1 })
    }

    @Test func aFailingHookNeverFailsTheWrite() throws {
        defer { loans.remove() }
        try install("touch \"\(loans.folder)/ran\"; echo noise; echo more >&2; exit 1", in: loans.folder + "/.config")
        let added = try loans("add", "A", "--to", "B", "--due", "+1d")
        #expect(added.status == 0 && added.out == "1\n" && added.err.isEmpty)
        #expect(eventually { FileManager.default.fileExists(atPath: loans.folder + "/ran") })
        #expect(try loans("return", "1").status == 0)
        #expect(try loans("list", "--returned").out.hasPrefix("#1  A"))
    }

    @Test func aHookThatIsNotExecutableIsNotRunAndFailsNothing() throws {
        defer { loans.remove() }
        try install("touch \"\(loans.folder)/ran\"", in: loans.folder + "/.config", mode: 0o644)
        let (added, addPrograms) = try loans.traced(["add", "A", "--to", "B", "--due", "+1d"])
        #expect(added.status == 0 && added.out == "1\n" && added.err.isEmpty, "\(added.err)")
        let (removed, removePrograms) = try loans.traced(["remove", "1"])
        #expect(removed.status == 0 && removed.err.isEmpty, "\(removed.err)")
        #expect(addPrograms + removePrograms == [BinaryHarness.binary, BinaryHarness.binary])
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/ran"))
    }

    @Test func aHookThatCannotStartFailsNothing() throws {
        defer { loans.remove() }
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans/on-change", withIntermediateDirectories: true)
        #expect(try loans("add", "A", "--to", "B", "--due", "+1d").status == 0)
        try FileManager.default.removeItem(atPath: loans.folder + "/.config/loans/on-change")
        try Data("no shebang, not a program\n".utf8).write(to: URL(fileURLWithPath: loans.folder + "/.config/loans/on-change"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: loans.folder + "/.config/loans/on-change")
        let renewed = try loans("renew", "1", "--by", "+1d")
        #expect(renewed.status == 0 && renewed.err.isEmpty)
    }
}
