import Foundation
import LoansTestSupport

/// The binary as shipped (release, fully static), and its dynamically linked companion (which
/// serves HTTPS for it), for the tests of what ships them (`ci/install`, TLS in the shipped
/// binary). `ci/test` builds both once before any test starts and names them in
/// `LOANS_SHIPPED_BINARY` and `LOANS_SHIPPED_COMPANION`, so no
/// test's outcome depends on how long a release build takes. A test run started some other way
/// (`swift test` by hand) builds it here first, as setup: the build's own deadline is generous
/// (a release build on a loaded two-core machine), and the test's deadlines apply only to what it
/// runs after.
enum ShippedBinary {
    static let buildSeconds: Double = 1800

    static func path() throws -> String {
        if let given = ProcessInfo.processInfo.environment["LOANS_SHIPPED_BINARY"], !given.isEmpty { return given }
        return try built.get()
    }

    /// The companion, `ci/build-release loans-dynamic`.
    static func companion() throws -> String {
        if let given = ProcessInfo.processInfo.environment["LOANS_SHIPPED_COMPANION"], !given.isEmpty { return given }
        return try builtCompanion.get()
    }

    private static let built: Result<String, Error> = Result { try build([]) }
    private static let builtCompanion: Result<String, Error> = Result { try build(["loans-dynamic"]) }

    private static func build(_ arguments: [String]) throws -> String {
        let build = try ProgramRun(
            InstallTests.repository + "/ci/build-release", arguments,
            environment: ProcessInfo.processInfo.environment, seconds: buildSeconds
        )
        guard build.status == 0 else { throw HarnessError("ci/build-release \(arguments.joined()) failed (\(build.status)): \(build.err)") }
        return build.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
