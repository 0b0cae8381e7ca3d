import Foundation
import LoansCLI
import Testing

/// `list --search` with a text too short for the index: the first loans only, and a note on
/// standard error that says so (the answer on stdout stays rows alone).
@Suite struct ListSearchTests {
    @Test func aShortTextSaysItLookedAtTheFirstLoansOnly() throws {
        let loans = try CommandLineHarness()
        let rows = (1...2010).map { id in
            #"{"id":\#(id),"title":"\#(id > 2000 ? "Ab" : "Book") \#(id)","direction":"lent","counterparty":"Sam","lent_on":"2026-11-01","#
                + #""due_on":"2026-12-10","returned_on":null,"note":null,"renewals":0,"previous_due_dates":[]}"#
        }
        let document = loans.folder + "/loans.json"
        try Data((#"{"schema_version":1,"loans":["# + rows.joined(separator: ",") + "]}").utf8).write(to: URL(fileURLWithPath: document))
        #expect(loans("import", document).code == .success)
        let short = loans("list", "--search", "ab")
        #expect(short.out == "No open loans match.\n")
        #expect(short.err == "loans: a text shorter than 3 characters is looked for in the first 2000 loans only; 3 or more search them all\n")
        let long = loans("list", "--search", "ab 20")
        #expect(long.out.split(separator: "\n").count == 10 && long.err.isEmpty)
    }
}
