import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans remind --borrowers` through a real mail path: msmtp as the sendmail program, handing
/// each message to a real SMTP server on loopback, read back by Python's `email` under its strict
/// policy. One message per person per run, each reminder once per address, nothing anyone's data
/// can add to a header, failures that record nothing for that person while the others go.
@Suite struct RemindBorrowersTests {
    /// A store on 2026-12-03 with Sam (two things lent, one borrowed from him), Zoë (one thing
    /// lent) and Kim (no address); mail set up to go through msmtp to a new SMTP server.
    static func household(db: String? = nil) throws -> (BinaryHarness, SMTPSink) {
        var loans = try BinaryHarness()
        loans.environment["LOANS_TODAY"] = "2026-12-03"
        if let db { loans.environment["LOANS_DB"] = db }
        let sink = try SMTPSink(in: loans.folder)
        try sink.configureMsmtp(home: loans.folder)
        try configure(loans, sendmail: "/usr/bin/msmtp")
        try loans.must("add", "The Hobbit", "--to", "Sam", "--due", "2026-12-01")
        try loans.must("add", "Drill\r\nBcc: victim@example.org", "--to", "SAM", "--due", "2026-12-05")
        try loans.must("add", "Dune", "--from", "Sam", "--due", "2026-12-04")
        try loans.must("add", "Brontë's Jane Eyre", "--to", "Zoë", "--due", "2026-12-03")
        try loans.must("add", "Ladder", "--to", "Kim", "--due", "2026-11-30")
        try loans.must("person", "Sam", "--email", "sam@example.org")
        try loans.must("person", "Zoë", "--email", "zoe@example.org")
        return (loans, sink)
    }

    /// The config file: mail from Alice through `sendmail` (none with `from: false`).
    static func configure(_ loans: BinaryHarness, sendmail: String, from: Bool = true) throws {
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try """
            \(from ? "mail.from = alice@example.org" : "")
            mail.name = Alice Liddell
            mail.sendmail = \(sendmail)
            serve.base_url = https://loans.example.org/

            """.write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
    }

    /// An executable script in the harness's folder.
    static func script(_ loans: BinaryHarness, _ name: String, _ body: String) throws -> String {
        let path = loans.folder + "/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    static let samsBody = """
        Hello Sam,

        This is a reminder from Alice Liddell of what you borrowed:

        - The Hobbit: due back Tue 1 Dec 2026 (2 days overdue)
        - Drill  Bcc: victim@example.org: due back Sat 5 Dec 2026 (in 2 days)

        Thank you,
        Alice Liddell

        """

    @Test func eachBorrowerGetsOneMessageWithTheirThingsOnce() throws {
        let (loans, sink) = try RemindBorrowersTests.household()
        defer { loans.remove() }
        let sent = try loans.run(BinaryHarness.binary, ["remind", "--borrowers"])
        #expect(sent.status == 0 && sent.err.isEmpty, "\(sent.err)")
        #expect(sent.out == "Mailed Sam <sam@example.org>: 2 reminders.\nMailed Zoë <zoe@example.org>: 1 reminder.\n", "\(sent.out)")
        let messages = try sink.waitForMessages(2)
        #expect(messages.count == 2)
        let sam = try #require(messages.first { $0.envelope.to == ["sam@example.org"] }, "\(messages.map(\.envelope))")
        let zoe = try #require(messages.first { $0.envelope.to == ["zoe@example.org"] })
        for message in messages {
            #expect(message.envelope.from == "alice@example.org" && message.envelope.to.count == 1)
            #expect(message.raw_headers_ascii && message.defects.isEmpty, "\(message.headers) \(message.defects)")
            #expect(message.header("From") == ["Alice Liddell <alice@example.org>"] && message.header("Bcc").isEmpty)
            // The instant the run began, by the clock (a fixed --today fixes the day, not the time).
            #expect(message.header("Date").first.map { $0.count == 31 && $0.hasSuffix(" +0000") && $0.dropFirst(3).hasPrefix(", ") } == true, "\(message.headers)")
            #expect(message.header("Message-ID").first?.hasSuffix("@example.org>") == true && message.header("MIME-Version") == ["1.0"])
        }
        #expect(sam.header("To") == ["Sam <sam@example.org>"] && sam.header("Subject") == ["Overdue: \"The Hobbit\" was due back Tue 1 Dec 2026, and 1 more"])
        #expect(sam.text.contains("Everything you have from Alice Liddell, at any time: https://loans.example.org/s/") == false, "Sam has no link")
        #expect(!sam.text.contains("Dune") && !sam.text.contains("Ladder"), "borrowed things and other people's stay out")
        #expect(zoe.header("To") == ["Zoë <zoe@example.org>"] && zoe.header("Subject") == ["Reminder: \"Brontë's Jane Eyre\" is due back Thu 3 Dec 2026"])
        #expect(zoe.text.contains("- Brontë's Jane Eyre: due back Thu 3 Dec 2026 (today)"), "\(zoe.text)")
        #expect(sam.text == RemindBorrowersTests.samsBody, "\(sam.text)")

        // Once per address, loan, due date and level: again today, nothing; the next day, the
        // Drill reaches its next lead and Zoë's thing is overdue: one more each.
        let again = try loans.run(BinaryHarness.binary, ["remind", "--borrowers"])
        #expect(again.status == 0 && again.out.isEmpty, "\(again.out)")
        #expect(try sink.messages().count == 2)
        let later = try loans.run(BinaryHarness.binary, ["--today", "2026-12-04", "remind", "--borrowers"])
        #expect(later.out == "Mailed Sam <sam@example.org>: 1 reminder.\nMailed Zoë <zoe@example.org>: 1 reminder.\n", "\(later.out) \(later.err)")
        let subjects = try sink.waitForMessages(4).dropFirst(2).flatMap { $0.header("Subject") }.sorted()
        #expect(subjects == [
            "Overdue: \"Brontë's Jane Eyre\" was due back Thu 3 Dec 2026", "Reminder: \"Drill Bcc: victim@example.org\" is due back Sat 5 Dec 2026",
        ], "\(subjects)")
        // Your own digest is apart: it still has everything.
        #expect(try loans.must("remind", "--dry-run").contains("The Hobbit"))
    }

    @Test func aPersonsShareLinkComesNewInTheirMessage() throws {
        let (loans, sink) = try RemindBorrowersTests.household()
        defer { loans.remove() }
        let old = try loans.must("share", "Sam").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try loans.run(BinaryHarness.binary, ["remind", "--borrowers"]).status == 0)
        let sam = try #require(try sink.waitForMessages(2).first { $0.envelope.to == ["sam@example.org"] })
        let line = try #require(sam.text.split(separator: "\n").first { $0.hasPrefix("Everything you have from Alice Liddell, at any time: ") })
        let link = String(line.dropFirst("Everything you have from Alice Liddell, at any time: ".count))
        #expect(link.hasPrefix("https://loans.example.org/s/") && link != old, "\(link)")
        // The store now keeps the new link's hash, and the old one's no more.
        func hash(_ url: String) throws -> String {
            let token = String(url.split(separator: "/").last ?? "")
            return String(try loans.tool("/bin/sh", "-c", "printf %s '\(token)' | sha256sum").prefix(64))
        }
        let kept = try loans.tool("/usr/bin/sqlite3", loans.environment["LOANS_DB"]!, "SELECT token_hash FROM share_link").trimmingCharacters(in: .whitespacesAndNewlines)
        let (new, before) = (try hash(link), try hash(old))
        #expect(kept == new && kept != before)
    }

    @Test func aFailedDeliveryRecordsNothingForThatPersonAndTheOthersGo() throws {
        let (loans, sink) = try RemindBorrowersTests.household()
        defer { loans.remove() }
        // A sendmail that refuses Zoë's address (its last argument) and hands the rest to msmtp.
        let picky = try RemindBorrowersTests.script(loans, "picky", #"for a; do :; done; [ "$a" = zoe@example.org ] && exit 75; exec /usr/bin/msmtp "$@""#)
        try RemindBorrowersTests.configure(loans, sendmail: picky)
        let failed = try loans.run(BinaryHarness.binary, ["remind", "--borrowers"])
        #expect(failed.status == 1 && failed.out == "Mailed Sam <sam@example.org>: 2 reminders.\n", "\(failed.out)")
        #expect(failed.err.contains("could not mail Zoë <zoe@example.org>") && failed.err.contains("exited with status 75"), "\(failed.err)")
        #expect(try sink.waitForMessages(1).count == 1)
        // A sendmail that is not there: Zoë again (Sam's were recorded), and nothing recorded.
        try RemindBorrowersTests.configure(loans, sendmail: loans.folder + "/no-such-sendmail")
        let missing = try loans.run(BinaryHarness.binary, ["remind", "--borrowers"])
        #expect(missing.status == 1 && missing.out.isEmpty && missing.err.contains("Zoë") && missing.err.contains("no-such-sendmail"), "\(missing.err)")
        try RemindBorrowersTests.configure(loans, sendmail: "/usr/bin/msmtp")
        let retried = try loans.run(BinaryHarness.binary, ["remind", "--borrowers"])
        #expect(retried.status == 0 && retried.out == "Mailed Zoë <zoe@example.org>: 1 reminder.\n", "\(retried.out) \(retried.err)")
        #expect(try sink.waitForMessages(2).count == 2)
    }

    /// A sendmail that hangs for one person is stopped after 30 s; that person is reported and
    /// nothing is recorded for them, the others were sent.
    @Test func aHangingDeliveryIsStoppedAfterThirtySeconds() throws {
        let (loans, sink) = try RemindBorrowersTests.household()
        defer { loans.remove() }
        let slow = try RemindBorrowersTests.script(loans, "slow", #"for a; do :; done; [ "$a" = zoe@example.org ] && exec sleep 300; exec /usr/bin/msmtp "$@""#)
        try RemindBorrowersTests.configure(loans, sendmail: slow)
        let run = try loans.run(BinaryHarness.binary, ["remind", "--borrowers"], seconds: 120)
        #expect(run.status == 1 && run.err.contains("Zoë <zoe@example.org>") && run.err.contains("did not finish within 30 s"), "\(run.err)")
        #expect(try sink.waitForMessages(1).map(\.envelope.to) == [["sam@example.org"]])
        #expect(try loans.must("remind", "--borrowers", "--dry-run").contains("To: =?utf-8?B?"), "Zoë's reminder is still due")
    }

    @Test func aDryRunPrintsAnMboxAndRecordsNothing() throws {
        let (loans, sink) = try RemindBorrowersTests.household()
        defer { loans.remove() }
        let mbox = try loans.must("remind", "--borrowers", "--dry-run")
        let file = loans.folder + "/dry.mbox"
        try mbox.write(toFile: file, atomically: true, encoding: .utf8)
        let read = try loans.run("/usr/bin/python3", ["-c", """
            import email, email.policy, mailbox, sys
            parse = lambda f: email.message_from_binary_file(f, policy=email.policy.strict)
            for message in mailbox.mbox(sys.argv[1], factory=parse):
                print(message['To'], '|', message['Subject'], '|', message.get_content().count('- '))
            """, file])
        #expect(read.status == 0 && read.out == """
            Sam <sam@example.org> | Overdue: "The Hobbit" was due back Tue 1 Dec 2026, and 1 more | 2
            Zoë <zoe@example.org> | Reminder: "Brontë's Jane Eyre" is due back Thu 3 Dec 2026 | 1

            """, "\(read.out) \(read.err)")
        #expect(try sink.messages().isEmpty)
        #expect(try loans.run(BinaryHarness.binary, ["remind", "--borrowers"]).out.split(separator: "\n").count == 2)
    }

    @Test func withoutMailFromNothingIsSentAndTheKeyIsNamed() throws {
        let (loans, sink) = try RemindBorrowersTests.household()
        defer { loans.remove() }
        try RemindBorrowersTests.configure(loans, sendmail: "/usr/bin/msmtp", from: false)
        for words in [["remind", "--borrowers"], ["remind", "--borrowers", "--dry-run"]] {
            let run = try loans.run(BinaryHarness.binary, words)
            #expect(run.status == 78 && run.err.contains("mail.from") && run.out.isEmpty, "\(words): \(run.err)")
        }
        #expect(try sink.messages().isEmpty)
        let both = try loans.run(BinaryHarness.binary, ["remind", "--borrowers", "--notify"])
        #expect(both.status == 64, "\(both.err)")
    }

    /// Two runs at once: the reminders' lock lets one decide, send and record at a time, so each
    /// message goes once.
    @Test func twoRunsAtOnceSendEachMessageOnce() throws {
        let (loans, sink) = try RemindBorrowersTests.household()
        defer { loans.remove() }
        let runs = try (0..<2).map { _ in
            try Subprocess(BinaryHarness.binary, ["remind", "--borrowers"], environment: loans.environment, mergeErrors: true)
        }
        for run in runs { #expect(run.finish(patience: 90).code == 0, "\(run.output)") }
        #expect(runs.map(\.output).joined().split(separator: "\n").sorted() == ["Mailed Sam <sam@example.org>: 2 reminders.", "Mailed Zoë <zoe@example.org>: 1 reminder."])
        #expect(try sink.waitForMessages(2).count == 2)
    }

    @Test func onPostgreSQLEachReminderGoesOnce() throws {
        let server = try PostgresServer.shared()
        let (loans, sink) = try RemindBorrowersTests.household(db: server.url(try server.createDatabase()))
        defer { loans.remove() }
        #expect(try loans.run(BinaryHarness.binary, ["remind", "--borrowers"]).out.split(separator: "\n").count == 2)
        #expect(try loans.run(BinaryHarness.binary, ["remind", "--borrowers"]).out.isEmpty)
        let messages = try sink.waitForMessages(2)
        #expect(messages.count == 2 && messages.allSatisfy { $0.raw_headers_ascii && $0.defects.isEmpty })
    }

    /// `mail.name` is one name for you: in the messages, and on the share pages that show people
    /// what they have of yours.
    @Test func mailNameNamesYouOnSharePagesToo() throws {
        let household = try SharingHousehold(.sqlite)
        defer { household.remove() }
        let config = household.loans.folder + "/.config/loans/config"
        try (try String(contentsOfFile: config, encoding: .utf8) + "mail.name = Dana Scully\n").write(toFile: config, atomically: true, encoding: .utf8)
        let path = try household.path(of: try household.loans.must("share", "Alice"))
        let serve = try household.serve()
        let text = SharingHousehold.text(try serve.curl(path).body)
        #expect(text.contains("You borrowed The Hobbit from Dana Scully"), "\(text)")
    }
}
