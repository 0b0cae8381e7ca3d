import LoansCore
import LoansText

/// A borrower's letter as one e-mail message: from you (`mail.name` and `mail.from`) to the
/// person at their address, a subject that names the most urgent thing (`Overdue: "The Hobbit"
/// was due back Tue 1 Dec 2026`, `Reminder: "Dune" is due back Thu 3 Dec 2026, and 2 more`),
/// and a body that names each thing and its day from their side, who lent it, and their share
/// page when there is a link to give. Header fields are `MailHeader`s (ASCII, nothing any data
/// can add to); the body is UTF-8 text in quoted-printable. Lines end in LF, as sendmail takes
/// a message on its standard input.
package struct BorrowerMessage: Sendable {
    /// Why a letter cannot be written as a message.
    package struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The most columns of a title in a subject.
    static let subjectTitleColumns = 60

    package let text: String

    /// `owner` is your name as they know you; `from` your address; `messageID` a value unique to
    /// this message (`RANDOM@DOMAIN`); `shareLink` their page's address, or nil.
    package init(
        _ letter: BorrowerLetter, owner: String, from: EmailAddress, at instant: UTCTimestamp, messageID: String, shareLink: String?
    ) throws(Refusal) {
        for address in [from.text, letter.address.text] where !address.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            throw Refusal(description: "the address \(Quoted(address)) is not ASCII, which a message's header fields must be")
        }
        let headers = [
            MailHeader.mailbox("From", display: owner, address: from.text),
            MailHeader.mailbox("To", display: letter.person.name, address: letter.address.text),
            MailHeader.text("Subject", BorrowerMessage.subject(letter.digest)),
            MailHeader.made("Date", MailDate.field(instant)),
            MailHeader.made("Message-ID", "<\(messageID)>"),
            MailHeader.made("MIME-Version", "1.0"),
            MailHeader.made("Content-Type", "text/plain; charset=utf-8"),
            MailHeader.made("Content-Transfer-Encoding", "quoted-printable"),
        ]
        let body = BorrowerMessage.body(letter, owner: owner, shareLink: shareLink)
        text = headers.map(\.line).joined() + "\n" + QuotedPrintable.encoded(body) + "\n"
    }

    /// `Overdue: "The Hobbit" was due back Tue 1 Dec 2026` or `Reminder: "Dune" is due back Thu
    /// 3 Dec 2026`, for the first (most urgent) of the letter's things, `, and N more` after.
    static func subject(_ digest: ReminderDigest) -> String {
        guard let first = digest.reminders.first else { return "Reminder" }
        let title = Truncation.truncate(SafeText.sanitized(first.loan.title), toColumns: subjectTitleColumns)
        let day = DayWording.fullDay(first.loan.dueOn)
        let more = digest.reminders.count > 1 ? ", and \(digest.reminders.count - 1) more" : ""
        return first.isOverdue ? "Overdue: \"\(title)\" was due back \(day)\(more)" : "Reminder: \"\(title)\" is due back \(day)\(more)"
    }

    /// How far the due day is: `today`, `tomorrow`, `in 3 days`, `1 day overdue`, `2 days overdue`.
    static func distance(_ days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "tomorrow"
        case 2...: "in \(days) days"
        case -1: "1 day overdue"
        default: "\(days.magnitude) days overdue"
        }
    }

    /// The letter in words, from their side.
    static func body(_ letter: BorrowerLetter, owner: String, shareLink: String?) -> String {
        let who = SafeText.sanitized(owner)
        var lines = ["Hello \(SafeText.sanitized(letter.person.name)),", "", "This is a reminder from \(who) of what you borrowed:", ""]
        for reminder in letter.digest.reminders {
            let title = SafeText.sanitized(reminder.loan.title)
            lines.append("- \(title): due back \(DayWording.fullDay(reminder.loan.dueOn)) (\(BorrowerMessage.distance(reminder.daysUntilDue)))")
        }
        if let shareLink {
            lines += ["", "Everything you have from \(who), at any time: \(shareLink)"]
        }
        lines += ["", "Thank you,", who]
        return lines.joined(separator: "\n")
    }
}
