import Foundation
import Testing

/// Runs every `console` block of Docs/JSON.md (`$ ` starts a command, `> ` continues it, the
/// rest is the expected output) against the demo loans on 2026-11-29.
@Suite struct JSONRecipeTests {
    struct Recipe: CustomTestStringConvertible {
        let command: String
        let expected: String
        var testDescription: String { String(command.prefix(60)) }
    }

    static let recipes: [Recipe] = {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Docs/JSON.md").standardized.path
        guard let text = try? String(contentsOfFile: docs, encoding: .utf8) else { return [] }
        var recipes: [Recipe] = []
        var inBlock = false
        var command: [String] = []
        var output: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "```console" {
                inBlock = true
                command = []
                output = []
            } else if inBlock, line == "```" {
                inBlock = false
                recipes.append(Recipe(command: command.joined(separator: "\n"), expected: output.map { $0 + "\n" }.joined()))
            } else if inBlock, line.hasPrefix("$ ") {
                command.append(String(line.dropFirst(2)))
            } else if inBlock, line.hasPrefix("> ") {
                command.append(String(line.dropFirst(2)))
            } else if inBlock {
                output.append(line)
            }
        }
        return recipes
    }()

    @Test func theDocumentHasRecipes() {
        #expect(Self.recipes.count >= 5)
    }

    @Test(arguments: recipes)
    func recipeGivesTheDocumentedOutput(_ recipe: Recipe) throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let seeded = try loans.shell("loans --demo json all | loans import -")
        #expect(seeded.status == 0, "\(seeded.err)")
        let result = try loans.shell(recipe.command)
        #expect(result.err.isEmpty, "\(result.err)")
        #expect(result.out == recipe.expected)
    }
}
