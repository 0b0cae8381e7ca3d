import LoansCore
import LoansInterchange
import Testing

/// The history a document carries (`json all --history`): read oldest first, each change before
/// its loans, every field checked as hostile input and each problem named by its path.
@Suite struct HistoryDocumentTests {
    static let hobbit = #"{"id":1,"title":"The Hobbit","direction":"lent","counterparty":"Alice","lent_on":"2026-11-01","due_on":"2026-11-28","returned_on":null,"note":null,"renewals":0,"previous_due_dates":[]}"#
    static let returned = hobbit.replacingOccurrences(of: #""returned_on":null"#, with: #""returned_on":"2026-11-29""#)

    static func change(_ id: String = "1", at: String = #""2026-11-29T10:00:00Z""#, who: String = #""alice@home""#, kind: String = #""add""#,
                       target: String = "null", undone: String = "false", loans: String? = nil) -> String {
        #"{"id":\#(id),"at":\#(at),"who":\#(who),"kind":\#(kind),"target":\#(target),"undone":\#(undone),"loans":\#(loans ?? "[{\"id\":1,\"before\":null,\"after\":\(hobbit)}]")}"#
    }

    static func document(_ changes: String..., loans: String = hobbit) -> String {
        #"{"schema_version":1,"query":"all","database_id":"feedface","changes":[\#(changes.joined(separator: ","))],"loans":[\#(loans)]}"#
    }

    /// What a reader is handed, in order.
    final class Recorder: LoanDocumentVisitor {
        var parts: [String] = []
        func change(_ change: Change) throws { parts.append("change \(change.id) \(change.kind.rawValue) \(change.who) \(change.at) undone:\(change.isUndone) target:\(change.target.map(\.description) ?? "-")") }
        func delta(_ delta: LoanDelta) throws { parts.append("loan \(delta.id) \(delta.before?.returnedOn?.iso ?? "-") \(delta.after?.returnedOn?.iso ?? "-")") }
        func personDelta(_ delta: PersonDelta) throws {
            parts.append("person \(delta.key.folded) \(delta.before?.email?.text ?? "-") \(delta.after?.email?.text ?? "-")")
        }
        func person(_ person: Person) throws { parts.append("person \(person.name) \(person.email?.text ?? "-")") }
        func loan(_ loan: Loan) throws { parts.append("loan \(loan.id)") }
    }

    func read(_ text: String) throws -> [String] {
        let recorder = Recorder()
        try LoanDocument.decode(.bytes(Array(text.utf8)), visitor: recorder)
        return recorder.parts
    }

    @Test func handsEachChangeBeforeItsLoansAndTheHistoryBeforeTheLoans() throws {
        let text = Self.document(
            Self.change(),
            Self.change("2", kind: #""return""#, undone: "true", loans: #"[{"after":\#(Self.returned),"id":1,"before":\#(Self.hobbit)}]"#),
            Self.change("5", kind: #""undo""#, target: "2", loans: #"[{"id":1,"before":\#(Self.returned),"after":\#(Self.hobbit)}]"#)
        )
        #expect(try read(text) == [
            "change 1 add alice@home 2026-11-29T10:00:00Z undone:false target:-", "loan 1 - -",
            "change 2 return alice@home 2026-11-29T10:00:00Z undone:true target:-", "loan 1 - 2026-11-29",
            "change 5 undo alice@home 2026-11-29T10:00:00Z undone:false target:2", "loan 1 2026-11-29 -",
            "loan 1",
        ])
        #expect(try LoanDocument.decode(Array(text.utf8)).map(\.id) == [LoanID(1)], "a reader of loans alone lets the history go by")
    }

    /// Each bad history and the message that names where it is bad.
    static let bad: [(String, String)] = [
        (document(change(kind: #""borrow""#)), "changes[0].kind: \"borrow\" is not a kind of change"),
        (document(change("9007199254740992")), "changes[0].id: 9007199254740992 is not an id"),
        (document(change("0")), "changes[0].id: 0 is not an id"),
        (document(change("1.5")), "changes[0].id: 1.5 is not a whole number"),
        (document(change(#""1""#)), "changes[0].id: expected a number, found a string"),
        (document(change(), change("1")), "changes[1].id: 1 is not after 1"),
        (document(change(at: #""2026-11-29 10:00:00""#)), "changes[0].at: \"2026-11-29 10:00:00\" is not an instant"),
        (document(change(at: #""2026-02-30T10:00:00Z""#)), "changes[0].at: \"2026-02-30T10:00:00Z\" is not an instant"),
        (document(change(at: "1764410400")), "changes[0].at: expected a string, found a number"),
        (document(change(who: #""""#)), "changes[0].who: is empty"),
        (document(change(who: "null")), "changes[0].who: expected a string, found null"),
        (document(change(undone: "1")), "changes[0].undone: expected a boolean, found a number"),
        (document(change(target: "1")), "changes[0].target: 1: only an undo or a redo has a target"),
        (document(change(), change("2", kind: #""undo""#)), "changes[1].target: missing"),
        (document(change(), change("2", kind: #""undo""#, target: "7")), "changes[1].target: 7 is not an earlier change"),
        (document(change(), change("2", kind: #""undo""#, target: "1", undone: "true")), "changes[1].undone: an undo is never undone"),
        (document(change(loans: #"[{"id":1,"before":null,"after":{"id":1}}]"#)), "changes[0].loans[0].after: missing \"title\""),
        (document(change(loans: #"[{"id":1,"before":null,"after":\#(hobbit.replacingOccurrences(of: "2026-11-28", with: "2026-10-01"))}]"#)),
         "changes[0].loans[0].after.due_on"),
        (document(change(loans: #"[{"id":2,"before":null,"after":\#(hobbit)}]"#)), "changes[0].loans[0].after.id: 1 is not the id of the change's loan, 2"),
        (document(change(loans: #"[{"id":2,"before":null,"after":null},{"id":2,"before":null,"after":null}]"#)), "changes[0].loans[1].id: 2 is not after 2"),
        (document(change(loans: #"[{"id":1,"after":null}]"#)), "changes[0].loans[0]: missing \"before\""),
        (document(change(loans: #"{}"#)), "changes[0].loans: expected an array, found an object"),
        (#"{"id":1,"loans":[]}"#.withDocument, "changes[0]: \"at\", \"who\", \"kind\", \"target\", \"undone\" must come before \"loans\""),
        (document(change().replacingOccurrences(of: #""undone":false,"#, with: #""undone":false,"extra":1,"#)), "changes[0]: \"extra\" is not a key of a change"),
        (#"{"schema_version":1,"query":"all","loans":[],"changes":[]}"#, "changes: comes after \"loans\""),
        (#"{"schema_version":1,"query":"all","changes":{},"loans":[]}"#, "changes: expected an array, found an object"),
    ]

    @Test(arguments: bad.indices)
    func refusesABadHistoryByItsPath(_ index: Int) throws {
        let (text, message) = Self.bad[index]
        let error = #expect(throws: DocumentError.self) { try read(text) }
        #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "no error") for \(text)")
    }
}

private extension String {
    /// A document with this change object as its only change.
    var withDocument: String { HistoryDocumentTests.document(self) }
}
