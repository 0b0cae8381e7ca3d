@testable import LoansAdapters
import Testing

/// The name a share link's page gives the store's owner: the full name of the password
/// database's comment field, else the login name.
@Suite struct SystemAuthorTests {
    @Test func theFullNameIsTheCommentsFirstField() {
        #expect(SystemAuthor.fullName(comment: "Dana Scully,Room 4,555-0100,", login: "dana") == "Dana Scully")
        #expect(SystemAuthor.fullName(comment: "  Dana Scully  ", login: "dana") == "Dana Scully")
        #expect(SystemAuthor.fullName(comment: ",,,", login: "dana") == "dana")
        #expect(SystemAuthor.fullName(comment: "", login: "dana") == "dana")
        #expect(SystemAuthor.fullName(comment: "Zoë Ångström", login: "zoe") == "Zoë Ångström")
    }
}
