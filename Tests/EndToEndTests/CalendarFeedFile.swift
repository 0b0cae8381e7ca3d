import Testing

/// The calendar tests' way to a feed: `loans calendar --output FILE` in the harness's folder,
/// which must succeed silently; gives the file's path.
extension BinaryHarness {
    func calendarFeed(_ arguments: [String] = []) throws -> String {
        let path = folder + "/feed.ics"
        let result = try run(BinaryHarness.binary, ["calendar", "--output", path] + arguments)
        #expect(result.status == 0 && result.out.isEmpty && result.err.isEmpty, "\(result.err)")
        return path
    }
}
