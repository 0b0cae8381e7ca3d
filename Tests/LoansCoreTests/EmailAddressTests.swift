import LoansCore
import Testing

/// The address rule, exactly as documented: `local@domain`, the characters and lengths each part
/// may have, and refusals that name what is wrong without repeating the text.
@Suite struct EmailAddressTests {
    @Test(arguments: [
        "alice@example.org", "a@b", "root@localhost", "first.last+loans@mail.example.co.uk", "o'brien@example.ie",
        "x!#$%&'*+/=?^_`{|}~-y@example.org", "josé@ejemplo.es", "用户@例子.广告", "δοκιμή@παράδειγμα.δοκιμή",
        "a-b@x-y.z", "123@456.789", String(repeating: "l", count: 64) + "@" + String(repeating: "d", count: 63) + ".org",
    ])
    func accepts(_ text: String) throws {
        #expect(try EmailAddress(parsing: text).text == text)
    }

    static let refused: [(String, EmailAddressError)] = [
        ("", .empty), ("alice", .noAt), ("alice@@example.org", .severalAts), ("a@b@c", .severalAts),
        ("@example.org", .emptyLocal), ("alice@", .emptyDomain), ("alice @example.org", .character(" ")),
        ("alice@example.org ", .character(" ")), ("al\tice@example.org", .character("\t")), ("alice@exa\nmple.org", .character("\n")),
        ("ali\u{202E}ce@example.org", .character("\u{202E}")), ("alice@exam\u{7F}ple.org", .character("\u{7F}")),
        ("<alice@example.org>", .character("<")), ("alice@example.org,bob@example.org", .character(",")),
        ("\"alice\"@example.org", .character("\"")), ("alice@[192.0.2.1]", .character("[")), ("a\\b@example.org", .character("\\")),
        ("alice@exa_mple.org", .character("_")), ("al:ice@example.org", .character(":")), ("al;ice@example.org", .character(";")),
        ("a\u{0}b@example.org", .character("\u{0}")), ("alice\u{200B}@example.org", .character("\u{200B}")),
        (".alice@example.org", .localDots), ("alice.@example.org", .localDots), ("al..ice@example.org", .localDots),
        ("-alice@example.org", .leadingHyphen), ("alice@example.org.", .domainDots), ("alice@.example.org", .domainDots),
        ("alice@example..org", .domainDots), ("alice@-example.org", .labelHyphen), ("alice@example-.org", .labelHyphen),
        (String(repeating: "l", count: 65) + "@example.org", .localTooLong),
        ("alice@" + String(repeating: "d", count: 64) + ".org", .labelTooLong),
        ("alice@" + Array(repeating: String(repeating: "d", count: 60), count: 5).joined(separator: "."), .tooLong),
    ]

    @Test(arguments: refused)
    func refuses(_ text: String, _ why: EmailAddressError) {
        #expect(throws: why) { try EmailAddress(parsing: text) }
    }

    /// A refusal's words never hold the refused text, nor a control character of it: a character
    /// is named by its code point unless it is plainly visible.
    @Test func refusalsNameTheProblemSafely() {
        #expect(EmailAddressError.character("\u{202E}").description == "it holds U+202E, which an address may not hold")
        #expect(EmailAddressError.character("\u{1B}").description == "it holds U+001B, which an address may not hold")
        #expect(EmailAddressError.character(" ").description == "it holds a space, which an address may not hold")
        #expect(EmailAddressError.character("<").description == "it holds \"<\", which an address may not hold")
        #expect(EmailAddressError.character("\"").description == "it holds U+0022, which an address may not hold")
        #expect(EmailAddressError.noAt.description == "it has no \"@\" (the shape is local@domain)")
        for scalar in (0...0x2FF).compactMap(Unicode.Scalar.init) {
            let safe = !EmailAddressError.character(scalar).description.unicodeScalars.contains { $0.isTerminalControl }
            #expect(safe, "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// A person is who the name names, however it is spelled; keys sort by their bytes.
    @Test func personKeysFoldTrimAndSortByBytes() {
        #expect(PersonKey(" ALICE ") == PersonKey("alice"))
        #expect(PersonKey("Zoe\u{308}") == PersonKey("zoë"))
        #expect(PersonKey("Straße") == PersonKey("STRASSE"))
        #expect(PersonKey("Zoë") < PersonKey("émile") && PersonKey("bob") < PersonKey("Carol"))
        #expect(Person(name: "Émile").key == PersonKey("ÉMILE"))
        #expect(throws: LoanRuleViolation.empty(.name)) { try PersonRules.name(" \t ") }
        #expect(throws: LoanRuleViolation.tooLong(.name, limit: 500)) { try PersonRules.name(String(repeating: "x", count: 501)) }
        #expect(throws: LoanRuleViolation.nulCharacter(.name)) { try PersonRules.name("A\u{0}B") }
    }
}
