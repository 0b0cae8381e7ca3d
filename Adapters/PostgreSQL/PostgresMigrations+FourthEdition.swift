/// The fourth edition's migrations, from 10 on: the tables beside the loans for the people you
/// deal with (share links, private feeds, contacts). The next ones are appended here.
extension PostgresSchema {
    static let fourthEdition: [(name: String, statements: [String])] = [
        (
            "share links, one per person, and each account's private calendar feed, by the hash of their token",
            [
                // Beside the loans and outside the history, as the sign-in tables are.
                """
                CREATE TABLE loans.share_link (
                    token_hash text PRIMARY KEY,
                    name text NOT NULL,
                    folded_name text NOT NULL UNIQUE,
                    created_at bigint NOT NULL
                )
                """,
                """
                CREATE TABLE loans.calendar_feed (
                    token_hash text PRIMARY KEY,
                    account_id bigint NOT NULL UNIQUE,
                    created_at bigint NOT NULL
                )
                """,
            ]
        ),
        (
            "the people you deal with: a contact per person by the name as folded, and each change's contacts before and after",
            [
                // The key is Core's folding of the name; "C" compares its bytes, the order every
                // store lists contacts in.
                """
                CREATE TABLE loans.person (
                    folded_name text COLLATE "C" PRIMARY KEY,
                    name text NOT NULL,
                    email text
                )
                """,
                """
                CREATE TABLE loans.change_person (
                    change_id bigint NOT NULL REFERENCES loans.change (id),
                    folded_name text COLLATE "C" NOT NULL,
                    before_present boolean NOT NULL,
                    before_name text,
                    before_email text,
                    after_present boolean NOT NULL,
                    after_name text,
                    after_email text,
                    PRIMARY KEY (change_id, folded_name)
                )
                """,
                "CREATE INDEX change_person_by_name ON loans.change_person (folded_name, change_id)",
            ]
        ),
    ]
}
