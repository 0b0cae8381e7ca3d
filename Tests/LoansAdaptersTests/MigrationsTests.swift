@testable import LoansAdapters
import Testing

/// The schema's version numbers agree with the migrations themselves.
@Suite struct MigrationsTests {
    /// `latestVersion` is written out (reads never build the migrations' text); it must be the
    /// number of migrations, or a new one would never run, or a database would claim one it lacks.
    @Test func theLatestVersionIsTheNumberOfMigrations() {
        #expect(Migrations.latestVersion == Int64(Migrations.all.count))
    }

    /// Stand-ins are listed in version order and only for versions that exist.
    @Test func olderSchemaStandInsAreInOrder() {
        let versions = OlderSchemas.standIns.map(\.version)
        #expect(versions == versions.sorted() && versions.allSatisfy { (2...Migrations.latestVersion).contains($0) })
    }
}
