import LoansCore
import Testing

/// Who may do what to the web's accounts: the store's owner everything; anyone else only keep
/// their own account (its password and tokens), named as they are, compared as Core folds names.
@Suite struct AccountAuthorityTests {
    @Test func theOwnerManagesAndAMemberKeepsOnlyTheirOwn() {
        let owner = AccountAuthority(ownsStore: true, name: "dana", owner: "the database file's owner, dana")
        let member = AccountAuthority(ownsStore: false, name: "Bob", owner: "the database file's owner, dana")
        #expect(owner.allows(.manage) && owner.allows(.keep("Bob")) && owner.allows(.keep("dana")))
        #expect(!member.allows(.manage))
        #expect(member.allows(.keep("BOB")) && member.allows(.keep("bob")))
        #expect(!member.allows(.keep("dana")) && !member.allows(.keep("Bobby")) && !member.allows(.keep("")))
    }
}
