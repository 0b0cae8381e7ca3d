import LoansCore
import Testing

@Suite struct LoanRulesTests {
    @Test func namesAreTrimmedAndBounded() throws {
        #expect(try LoanRules.name("  Dune \n", .title) == "Dune")
        #expect(throws: LoanRuleViolation.empty(.title)) { try LoanRules.name(" \t\n", .title) }
        #expect(try LoanRules.name(String(repeating: "a", count: 500), .title).count == 500)
        #expect(throws: LoanRuleViolation.tooLong(.counterparty, limit: 500)) {
            try LoanRules.name(String(repeating: "a", count: 501), .counterparty)
        }
        #expect(try LoanRules.name(String(repeating: "界", count: 500), .title).count == 500)
        #expect(throws: LoanRuleViolation.tooLong(.title, limit: 500)) {
            try LoanRules.name(String(repeating: "👍🏽", count: 501), .title)
        }
    }

    @Test func notesAreOptionalAndBounded() throws {
        #expect(try LoanRules.note(nil) == nil)
        #expect(try LoanRules.note("  ") == nil)
        #expect(try LoanRules.note(String(repeating: "n", count: 10_000))?.count == 10_000)
        #expect(throws: LoanRuleViolation.tooLong(.note, limit: 10_000)) {
            try LoanRules.note(String(repeating: "n", count: 10_001))
        }
    }

    @Test func datesKeepTheirOrder() throws {
        let lent = try #require(CivilDate(iso: "2026-11-10"))
        let due = try #require(CivilDate(iso: "2026-11-09"))
        #expect(throws: LoanRuleViolation.dueBeforeLent(lentOn: lent, dueOn: due)) {
            try LoanRules.dates(lentOn: lent, dueOn: due, returnedOn: nil)
        }
        try LoanRules.dates(lentOn: lent, dueOn: lent, returnedOn: lent)
        #expect(throws: LoanRuleViolation.returnedBeforeLent(lentOn: lent, returnedOn: due)) {
            try LoanRules.dates(lentOn: lent, dueOn: lent, returnedOn: due)
        }
    }

    @Test func idsAsTyped() {
        #expect(LoanID(parsing: "12") == LoanID(12))
        #expect(LoanID(parsing: "#12") == LoanID(12))
        #expect(LoanID(parsing: "9223372036854775807") == LoanID(Int64.max))
        for bad in ["0", "-1", "", "#", "1.5", "9223372036854775808", "99999999999999999999999", "12a", " 12", "+12"] {
            #expect(LoanID(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func aNULCharacterIsRefusedInEveryTextField() {
        #expect(throws: LoanRuleViolation.nulCharacter(.title)) { try LoanRules.name("a\u{0}b", .title) }
        #expect(throws: LoanRuleViolation.nulCharacter(.counterparty)) { try LoanRules.name("\u{0}x", .counterparty) }
        #expect(throws: LoanRuleViolation.nulCharacter(.note)) { try LoanRules.note("line\u{0}") }
        #expect(LoanRuleViolation.nulCharacter(.note).description == "note contains a NUL character (U+0000), which loans does not store")
    }
}
