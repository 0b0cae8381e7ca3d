import Foundation
import LoansTestSupport

/// The binary as shipped (release, fully static), for the tests of what ships it (`ci/install`).
/// `ci/test` builds it once before any test starts and names it in `LOANS_SHIPPED_BINARY`, so no
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

    private static let built: Result<String, Error> = Result {
        let build = try ProgramRun(
            InstallTests.repository + "/ci/build-release", [],
            environment: ProcessInfo.processInfo.environment, seconds: buildSeconds
        )
        guard build.status == 0 else { throw HarnessError("ci/build-release failed (\(build.status)): \(build.err)") }
        return build.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
