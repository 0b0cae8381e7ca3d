import Foundation
import Testing

/// Replays the fuzzers' committed corpus (seeds and every input that once broke an invariant)
/// through the same checks, with the plainly built `loans-fuzz`.
@Suite struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fuzz/Corpus").standardized.path

    @Test(arguments: ["date", "args", "document", "writer", "config", "calendar", "completion", "form", "query"])
    func corpusKeepsEveryInvariant(_ target: String) throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let folder = Self.corpus + "/" + target
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        #expect(files.count >= 3)
        let fuzz = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().appendingPathComponent("loans-fuzz").path
        let result = try loans.run(fuzz, [target] + files)
        #expect(!result.crashed && result.status == 0, "\(result.err)")
        #expect(result.out == "loans-fuzz: \(target): \(files.count) inputs replayed, every invariant held\n")
    }
}
