import Glibc
@testable import LoansPostgres
import Testing

/// Passwords never reach a message: URLs and key=value words are shown without them, and a
/// message libpq built from the connection string is scrubbed.
@Suite struct ConnectionStringTests {
    @Test(arguments: [
        ("postgresql://alice:s3cret@db.home/loans", "postgresql://alice@db.home/loans"),
        ("postgres://alice:s3cret@db.home:5433/loans?sslmode=verify-full", "postgres://alice@db.home:5433/loans?sslmode=verify-full"),
        ("postgresql://alice@db.home/loans", "postgresql://alice@db.home/loans"),
        ("postgresql://db.home/loans", "postgresql://db.home/loans"),
        ("postgresql://", "postgresql://"),
        ("postgresql://?service=household", "postgresql://?service=household"),
        ("postgresql://alice:p%40ss@[::1]:5432/loans", "postgresql://alice@[::1]:5432/loans"),
        ("postgresql://alice:p@ss/w@rd@h1:5432,h2:5433/loans?target_session_attrs=read-write",
         "postgresql://alice@h1:5432,h2:5433/loans?target_session_attrs=read-write"),
        ("postgresql://db.home/loans?user=alice&password=s3cret&sslmode=require", "postgresql://db.home/loans?user=alice&sslmode=require"),
        ("postgresql://db.home/loans?pass%77ord=s3cret", "postgresql://db.home/loans"),
        ("postgresql://:s3cret@db.home/loans", "postgresql://@db.home/loans"),
        ("host=db.home dbname=loans password=s3cret user=alice", "host=db.home dbname=loans user=alice"),
        ("host=db.home password = 's3 cret\\'s' dbname=loans", "host=db.home dbname=loans"),
        ("password=s3cret", ""),
        ("dbname=postgresql://alice:s3cret@db.home/loans sslmode=require", "dbname='postgresql://alice@db.home/loans' sslmode=require"),
        ("loans", "loans"),
    ])
    func showsConnectionStringsWithoutPasswords(_ given: String, _ shown: String) {
        let connection = ConnectionString(given)
        #expect(connection.redacted == shown)
        #expect(!connection.redacted.contains("s3cret") && !connection.redacted.contains("s3 cret"))
        #expect(connection.text == given)
    }

    @Test func scrubsPasswordsFromLibpqMessages() {
        let url = ConnectionString("postgresql://alice:s3cret@[::1/loans")
        let message = url.scrub("end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"postgresql://alice:s3cret@[::1/loans\"")
        #expect(message == "end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"postgresql://alice@[::1/loans\"")
        let encoded = ConnectionString("postgresql://alice:s3%ZZcret@db.home/loans")
        #expect(!encoded.scrub("invalid percent-encoded token: \"s3%ZZcret\"").contains("s3%ZZcret"))
        let decoded = ConnectionString("postgresql://alice:s3%41cret@db.home/loans")
        #expect(decoded.scrub("role said s3Acret") == "role said ***")
        let words = ConnectionString("host=db.home password='s3 cret'")
        #expect(words.scrub("could not use \"s3 cret\"") == "could not use \"***\"")
    }

    @Test func keepsNothingOfWordsItCannotRead() {
        let broken = ConnectionString("host=db.home password='s3cret")
        #expect(!broken.redacted.contains("s3cret"))
        #expect(!broken.scrub("unterminated quoted string in connection info string: host=db.home password='s3cret").contains("s3cret"))
    }

    /// libpq's keyword form names a server; a path never does, whatever `=` it holds.
    @Test(arguments: [
        ("host=db.home dbname=loans", true), ("dbname = loans", true), ("service=household", true), ("sslmode=verify-full", true),
        ("password='s3cret", true), ("/srv/a=b.db", false), ("./host=x", false), ("~/host=x", false), ("loans.db", false),
        ("Host=x", false), ("a b=c", false), ("=x", false), ("", false), ("host", false), ("2host=x", false),
    ])
    func tellsKeywordWordsFromPaths(_ text: String, _ claimed: Bool) {
        #expect(ConnectionString.isServerLocation(text) == claimed)
    }

    /// A password is masked in place in the process's arguments, in either form, quoted or not;
    /// words libpq could not read are masked whole.
    @Test(arguments: [
        ("host=h password=s3cret dbname=d", "host=h password=****** dbname=d"),
        ("--db=host=h password = 's3 cret' user=a", "--db=host=h password = ********* user=a"),
        ("host=h password='s3cret", String(repeating: "*", count: 23)),
        ("dbname=postgresql://a:s3cret@h/d sslmode=require", "dbname=postgresql://a:******@h/d sslmode=require"),
        ("postgresql://a:s3cret@h/d?password=s3cret", "postgresql://a:******@h/d?password=******"),
        ("host=h dbname=d", "host=h dbname=d"),
        ("/srv/password=s3cret.db", "/srv/password=s3cret.db"),
    ])
    func masksPasswordsInTheArguments(_ given: String, _ masked: String) {
        let argument = strdup(given)!
        defer { free(argument) }
        ConnectionString.maskPasswords(in: argument)
        #expect(String(cString: argument) == masked)
    }

    @Test func tellsWhetherALocationHoldsAPassword() {
        #expect(ConnectionString.holdsPassword("postgresql://a:pw@h/d"))
        #expect(ConnectionString.holdsPassword("postgresql://h/d?password=pw"))
        #expect(ConnectionString.holdsPassword("host=h password=pw"))
        #expect(ConnectionString.holdsPassword("host=h password='pw"), "words libpq cannot read may hold one")
        #expect(!ConnectionString.holdsPassword("postgresql://a@h/d"))
        #expect(!ConnectionString.holdsPassword("host=h user=a"))
        #expect(!ConnectionString.holdsPassword("/srv/password=pw.db"))
    }

    @Test func tellsPostgreSQLURLsFromPaths() {
        #expect(ConnectionString.isURL("postgresql://db.home/loans"))
        #expect(ConnectionString.isURL("postgres://db.home/loans"))
        #expect(!ConnectionString.isURL("Postgres://db.home/loans"))
        #expect(!ConnectionString.isURL("postgresql:loans.db"))
        #expect(!ConnectionString.isURL("/home/alice/postgresql://x"))
    }
}
