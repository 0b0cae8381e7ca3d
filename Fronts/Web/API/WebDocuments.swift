import LoansCore
import LoansDocument
import LoansText

/// What machines read: the documents of `loans json` at `/api/v1/…` (the same writer, so the same
/// bytes apart from `generated_at`), the calendar feed at `/calendar.ics`, and the live updates
/// at `/events`. A document is written as it is read (any size, flat memory); its `ETag` is made
/// first from what decides its bytes — the store's identity and newest change, the day, the
/// window, the query — so a client that has it already gets `304` without anything being read.
extension WebFront {
    func api(_ document: WebDocument, _ visit: Visit) -> WebAnswer {
        let query: PageQuery
        do {
            query = try PageQuery(visit.request.query)
        } catch {
            return json(400, "{\"error\":" + JSONTokens.string(error.message) + "}")
        }
        let policy = DuePolicy(today: visit.now.today, window: query.window ?? visit.window)
        let name: String
        switch document {
        case .loans(let listing): name = listing.rawValue
        case .history: name = "history \(query.loan.map { String($0.rawValue) } ?? "all")"
        }
        let tag: String
        do {
            tag = try services.readers.read { try WebFront.entityTag(of: $0, "json \(name) \(query.ndjson) \(policy.today.iso) \(policy.window.days)") }
        } catch {
            return unavailable(error, machine: true)
        }
        let type = query.ndjson ? "application/x-ndjson" : "application/json"
        if let unchanged = notModified(tag, visit.request) { return unchanged }
        let documents = services.documentReaders
        let generatedAt = visit.now.utc
        let body: @Sendable (any ByteSink) throws -> Void = { sink in
            try documents.read { store in
                var writer = JSONDocumentWriter(ndjson: query.ndjson, into: sink)
                let agenda = AgendaQuery(store: store)
                let identity = try store.databaseIdentity()
                switch document {
                case .loans(let listing):
                    try JSONPresenter(query: agenda, policy: policy, generatedAt: generatedAt, databaseID: identity).present(listing, to: &writer)
                case .history:
                    try HistoryPresenter(history: HistoryQuery(store: store), agenda: agenda, policy: policy, generatedAt: generatedAt, databaseID: identity)
                        .present(of: query.loan, limit: nil, to: &writer)
                }
            }
        }
        return WebAnswer(
            status: 200, headers: [WebField("Content-Type", type), WebField("ETag", tag), WebField("Cache-Control", "private, no-cache")],
            body: .written(body)
        )
    }

    func calendar(_ visit: Visit) -> WebAnswer {
        let tag: String
        do {
            tag = try services.readers.read { try WebFront.entityTag(of: $0, "calendar") }
        } catch {
            return unavailable(error, machine: true)
        }
        if let unchanged = notModified(tag, visit.request) { return unchanged }
        let readers = services.documentReaders
        let feed = services.calendar
        return WebAnswer(
            status: 200,
            headers: [
                WebField("Content-Type", "text/calendar; charset=utf-8"), WebField("ETag", tag), WebField("Cache-Control", "private, no-cache"),
                WebField("Content-Disposition", "inline; filename=\"loans.ics\""),
            ],
            body: .written { sink in try readers.read { try feed(CalendarFeedQuery(store: $0), sink) } }
        )
    }

    /// `/events`: a stream of Server-Sent Events, one `change` each time the loans may have
    /// changed, for as long as the visitor's session (or API token) lasts.
    func events(_ visit: Visit) -> WebAnswer {
        let live = self.live
        let holder = visit.holder
        return WebAnswer(
            status: 200,
            headers: [WebField("Content-Type", "text/event-stream"), WebField("Cache-Control", "no-store"), WebField("X-Accel-Buffering", "no")],
            body: .events { live.listen($0, holder: holder) }
        )
    }

    /// `304` when the client's `If-None-Match` names `tag` (or `*`), with the document's `cache`.
    func notModified(_ tag: String, _ request: WebRequest, cache: String = "private, no-cache") -> WebAnswer? {
        guard let wanted = request.header("If-None-Match") else { return nil }
        let tags = wanted.split(separator: ",").map { $0.trimmingCharacters(in: " \t") }
        guard tags.contains(where: { $0 == tag || $0 == "W/" + tag || $0 == "*" }) else { return nil }
        return WebAnswer(status: 304, headers: [WebField("ETag", tag), WebField("Cache-Control", cache)])
    }

    /// The entity tag of a document of the store `reader` reads: what `what` names (the query and
    /// what it depends on) with the store's identity and newest change, whose id goes up with every
    /// write (an undo is a change of its own), hashed.
    static func entityTag(of reader: any LoanReading, _ what: String) throws -> String {
        var newest: Int64 = 0
        try reader.history?.history(of: nil, limit: 1) { newest = $0.id.rawValue }
        let identity = try reader.databaseIdentity() ?? "-"
        return "\"" + String(SHA256.hex(Array("\(what)\n\(identity)\n\(newest)".utf8)).prefix(32)) + "\""
    }
}

extension Substring {
    /// The text without the given characters at either end.
    func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        let start = firstIndex { !set.contains($0) } ?? endIndex
        let end = lastIndex { !set.contains($0) }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}
