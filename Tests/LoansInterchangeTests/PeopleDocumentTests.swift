import LoansCore
import LoansInterchange
import Testing

/// The contacts a document carries: `people` (after the history, before or after the loans), and
/// each change's `people` after its loans — read in order, every field checked as hostile input,
/// each problem named by its path, and a document from before contacts read as before.
@Suite struct PeopleDocumentTests {
    typealias History = HistoryDocumentTests

    static func document(people: String, changes: String? = nil) -> String {
        let history = changes.map { #","changes":[\#($0)]"# } ?? ""
        return #"{"schema_version":1,"query":"all"\#(history),"people":[\#(people)],"loans":[\#(History.hobbit)]}"#
    }

    static let alice = #"{"name":"Alice","email":"alice@example.org"}"#
    static let bob = #"{"name":"Bob","email":null}"#

    func read(_ text: String) throws -> [String] {
        let recorder = History.Recorder()
        try LoanDocument.decode(.bytes(Array(text.utf8)), visitor: recorder)
        return recorder.parts
    }

    @Test func handsTheContactsAfterTheHistoryAndEachChangesContactsAfterItsLoans() throws {
        let person = History.change(
            "2", kind: #""person""#, loans: "[]"
        ).replacingOccurrences(of: #""loans":[]}"#, with: #""loans":[],"people":[{"before":null,"after":\#(Self.alice)}]}"#)
        let text = Self.document(people: Self.alice + "," + Self.bob + #",{"name":"  Carol  "}"#, changes: History.change() + "," + person)
        #expect(try read(text) == [
            "change 1 add alice@home 2026-11-29T10:00:00Z undone:false target:-", "loan 1 - -",
            "change 2 person alice@home 2026-11-29T10:00:00Z undone:false target:-", "person alice - alice@example.org",
            "person Alice alice@example.org", "person Bob -", "person Carol -",
            "loan 1",
        ])
        let contents = try LoanDocument.contents(of: .bytes(Array(text.utf8)))
        #expect(contents.people == [
            Person(name: "Alice", email: try EmailAddress(parsing: "alice@example.org")), Person(name: "Bob"), Person(name: "Carol"),
        ])
    }

    /// A document written before contacts (no `people`, changes without one) reads as before; a
    /// document may put its `people` after its loans.
    @Test func readsDocumentsWithoutContactsAndContactsAfterTheLoans() throws {
        #expect(try read(History.document(History.change())) == ["change 1 add alice@home 2026-11-29T10:00:00Z undone:false target:-", "loan 1 - -", "loan 1"])
        let after = #"{"schema_version":1,"query":"all","loans":[\#(History.hobbit)],"people":[\#(Self.bob)]}"#
        #expect(try read(after) == ["loan 1", "person Bob -"])
    }

    static let long = String(repeating: "x", count: 501)

    /// Each bad document and the message that names where it is bad.
    static let bad: [(String, String)] = [
        (document(people: #"{"name":"Alice","email":"alice at example.org"}"#),
         #"people[0].email: "alice at example.org" is not an e-mail address: it holds a space, which an address may not hold"#),
        (document(people: "{\"name\":\"Alice\",\"email\":\"ali\\u202Ece\\u001b[31m@example.org\"}"),
         #"people[0].email: "ali\u{202e}ce\u{1b}[31m@example.org" is not an e-mail address: it holds U+202E"#),
        (document(people: #"{"name":"Alice","email":"alice@example.org","phone":"1"}"#), #"people[0]: "phone" is not a key of a person"#),
        (document(people: #"{"email":"alice@example.org"}"#), #"people[0]: missing "name""#),
        (document(people: #"{"name":"  "}"#), "people[0].name: name must not be empty"),
        (document(people: #"{"name":"\#(long)"}"#), "people[0].name: name is longer than 500 characters"),
        (document(people: #"{"name":"A\u0000B"}"#), "people[0].name: name contains a NUL character"),
        (document(people: #"{"name":7}"#), "people[0].name: expected a string, found a number"),
        (document(people: #"{"name":"Alice","name":"Bob"}"#), "people[0].name: appears twice"),
        (document(people: alice + #",{"name":"ALICE"}"#), #"people[1].name: "ALICE" names the same person as people[0]"#),
        (document(people: alice + #",{"name":"Zoë"},{"name":"zoe\u0308"}"#), #"people[2].name: "zoë" names the same person as people[1]"#),
        (document(people: "7"), "people[0]: expected an object, found a number"),
        (#"{"schema_version":1,"query":"all","people":{},"loans":[]}"#, "people: expected an array, found an object"),
        (#"{"schema_version":1,"query":"all","people":[],"changes":[],"loans":[]}"#, #"changes: comes after "people""#),
        (document(people: "", changes: History.change().replacingOccurrences(of: #"}]}"#, with: #"}],"people":[{"before":null,"after":null}]}"#)),
         #"changes[0].people[0]: "before" and "after" are both null"#),
        (document(people: "", changes: History.change().replacingOccurrences(of: #"}]}"#, with: #"}],"people":[{"before":\#(alice),"after":\#(bob)}]}"#)),
         #"changes[0].people[0].after.name: "Bob" is not the person of "before""#),
        (document(people: "", changes: History.change().replacingOccurrences(of: #"}]}"#, with: #"}],"people":[{"after":\#(bob)}]}"#)),
         #"changes[0].people[0]: missing "before""#),
        (document(people: "", changes: History.change().replacingOccurrences(of: #"}]}"#, with: #"}],"people":[{"before":null,"after":\#(bob)},{"before":null,"after":\#(alice)}]}"#)),
         "changes[0].people[1]: is not after the person before it"),
        (document(people: "", changes: History.change().replacingOccurrences(of: #"}]}"#, with: #"}],"people":[{"before":null,"after":{"name":"Bob","email":"b@"}}]}"#)),
         #"changes[0].people[0].after.email: "b@" is not an e-mail address: nothing comes after the "@""#),
        (document(people: "", changes: History.change().replacingOccurrences(of: #"}]}"#, with: #"}],"people":[{"before":null,"after":\#(bob),"who":1}]}"#)),
         #"changes[0].people[0]: "who" is not a key of a change's person"#),
        (document(people: "", changes: History.change().replacingOccurrences(of: #""loans":["#, with: #""people":[],"loans":["#)),
         #"changes[0].people: must come after "loans""#),
    ]

    @Test(arguments: bad.indices)
    func refusesBadContactsByTheirPath(_ index: Int) throws {
        let (text, message) = Self.bad[index]
        let error = #expect(throws: DocumentError.self) { try read(text) }
        #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "no error") for \(text)")
        #expect(error.map { !$0.description.unicodeScalars.contains { $0.isTerminalControl } } == true, "one safe line")
    }
}
