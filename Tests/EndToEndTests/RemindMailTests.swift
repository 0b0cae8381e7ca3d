import Foundation
import Glibc
import LoansTestSupport
import Testing

/// The digest mailed to yourself through a real mail path — Reminders.md's `loans-mail` script,
/// msmtp as the sendmail program, a real SMTP server on loopback — arrives as a proper message:
/// the address given as `To` and the only recipient, a subject, ASCII header fields that parse
/// under email's strict policy whatever the titles hold, and the digest whole as the body.
@Suite struct RemindMailTests {
    @Test func theGuidesScriptMailsTheDigestAsAMessageWithASubject() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "Brontë's Jane Eyre", "--from", "City Library", "--due", "2026-12-01")
        try loans.must("add", "Drill\r\nBcc: victim@example.org", "--to", "Sam", "--due", "2026-11-20")
        let digest = try loans.must("remind", "--dry-run")
        let sink = try SMTPSink(in: loans.folder)
        try sink.configureMsmtp(home: loans.folder)
        let script = loans.folder + "/loans-mail"
        try DeploymentGuide("Reminders.md").block("loans-mail").write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o755) == 0)

        let sent = try loans.run(BinaryHarness.binary, ["remind", "--exec", script, "me@example.org"], extra: ["SENDMAIL": "/usr/bin/msmtp"])
        #expect(sent.status == 0 && sent.err.isEmpty, "\(sent.err)")
        let messages = try sink.waitForMessages(1)
        let message = try #require(messages.first)
        #expect(messages.count == 1)
        #expect(message.envelope.to == ["me@example.org"], "the address given is the only recipient: \(message.envelope)")
        #expect(message.header("To") == ["me@example.org"] && message.header("Subject") == ["Loans: 1 overdue, 1 due soon"], "\(message.headers)")
        #expect(message.header("Reminders").isEmpty && message.header("Bcc").isEmpty, "\(message.headers)")
        #expect(message.raw_headers_ascii && message.defects.isEmpty, "\(message.headers) \(message.defects)")
        #expect(message.text == digest, "\(message.text)")
        #expect(try loans.must("remind", "--dry-run").isEmpty, "the digest was recorded as sent")

        // An address that could add a header is refused, and nothing is recorded or sent.
        try loans.must("add", "Rope", "--to", "Kim", "--due", "2026-11-28")
        let hostile = try loans.run(BinaryHarness.binary, ["remind", "--exec", script, "me@example.org\nBcc: victim@example.org"], extra: ["SENDMAIL": "/usr/bin/msmtp"])
        #expect(hostile.status == 1 && hostile.err.contains("exited with status 64"), "\(hostile.err)")
        #expect(try sink.messages().count == 1 && !(try loans.must("remind", "--dry-run")).isEmpty)
    }
}
