import LoansCore

/// The addresses whose token is their only key — a share link's page and its feed, an account's
/// private calendar feed — answered with no sign-in, to programs that send no cookie. Every
/// token presented goes the one way, whatever it is: hashed, looked up by its hash, and the hash
/// the store keeps (or a stand-in, when it keeps none) compared with it in constant time. So a
/// token never made, one revoked and one replaced take the same path and get the same bytes
/// (`noSuchAddress`), and an answer says nothing of how near a guess came.
extension WebFront {
    /// The person whose share link `presented` is; nil for any other token.
    func sharedPerson(_ presented: String) throws -> String? {
        let hash = WebTokens.hash(presented)
        return WebFront.opened(try services.signIns.shareLink(hash), by: hash)
    }

    /// The account whose private calendar feed `presented` is; nil for any other token.
    func feedAccount(_ presented: String) throws -> Account? {
        let hash = WebTokens.hash(presented)
        return WebFront.opened(try services.signIns.feed(hash), by: hash)
    }

    /// What `found` opens when its kept hash is `hash`, compared in constant time (a stand-in of
    /// the same length when nothing was found, so both ways compare alike).
    private static func opened<Holder>(_ found: KeptLink<Holder>?, by hash: String) -> Holder? {
        let same = WebTokens.same(found?.tokenHash ?? standIn, hash)
        return same ? found?.holder : nil
    }

    /// Compared with when the store keeps no link of the hash: no token hashes to it.
    private static let standIn = String(repeating: "-", count: 64)

    /// The one answer to a token that opens nothing: the `404` any address nobody serves gets,
    /// with the fields of a private address.
    static var noSuchAddress: WebAnswer {
        privately(.text(404, "Nothing is here."))
    }

    /// `answer` with the fields of a private address (`WebHeaders.privateLink`): no referrer,
    /// no index; its own `Cache-Control` stays.
    static func privately(_ answer: WebAnswer) -> WebAnswer {
        var answer = answer
        answer.headers += WebHeaders.privateLink
        return answer
    }
}
