import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

@Test func smoke() throws {
    let server = try PostgresServer.shared()
    let db = try server.createDatabase()
    let url = server.url(db)
    let writer = try PostgresDatabase.writer(url)
    let id = try writer.add(LoanDraft(title: "Dune", direction: .lent, counterparty: "Ann", lentOn: .on("2026-01-01"), dueOn: .on("2026-02-01")))
    #expect(id == LoanID(1))
    let reader = try PostgresDatabase.reader(url)
    #expect(try reader.loan(id)?.title == "Dune")
    print(try server.psql(db, "select * from loans.migration"))
}
