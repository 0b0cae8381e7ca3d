// swift-tools-version:6.0
import PackageDescription

// Layout and dependency rule (Docs/Architecture.md), checked by ci/check-deps.
let package = Package(
    name: "loans",
    products: [
        .executable(name: "loans", targets: ["loans"]),
    ],
    targets: [
        .target(name: "LoansCore", path: "Core"),
        .target(name: "LoansInterchange", dependencies: ["LoansCore"], path: "Interchange"),

        .systemLibrary(
            name: "CSQLite", path: "Adapters/CSQLite", providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(name: "CLinux", path: "Adapters/CLinux"),
        // The system layer: descriptors, errno, file status, paths, spawn, signals, threads, the
        // loader of the C libraries loans opens with dlopen, and a connection pool (Glibc and CLinux only).
        .target(name: "LoansSystem", dependencies: ["CLinux"], path: "Adapters/System"),
        .target(
            name: "LoansAdapters",
            dependencies: ["LoansCore", "LoansInterchange", "CSQLite", "CLinux", "LoansSystem", "LoansWake"],
            path: "Adapters",
            exclude: ["CSQLite", "CLinux", "CLibPQ", "PostgreSQL", "System", "Wake", "CMicroHTTPD", "HTTP", "CArgon2", "Argon2"]
        ),
        // The one wake loop of every front that keeps running, and the change feed for many listeners.
        .target(name: "LoansWake", dependencies: ["LoansCore", "LoansSystem", "CLinux"], path: "Adapters/Wake"),
        // libpq's header only: LoansPostgres loads libpq.so.5 with dlopen (LoansSystem's loader), so nothing links it.
        .systemLibrary(name: "CLibPQ", path: "Adapters/CLibPQ", providers: [.apt(["libpq-dev"])]),
        .target(name: "LoansPostgres", dependencies: ["LoansCore", "CLibPQ", "LoansSystem", "LoansWake"], path: "Adapters/PostgreSQL"),
        // libmicrohttpd's header only: LoansHTTPServer loads libmicrohttpd.so.12 with dlopen, so nothing links it.
        .systemLibrary(name: "CMicroHTTPD", path: "Adapters/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "LoansHTTPServer", dependencies: ["CMicroHTTPD", "LoansSystem"], path: "Adapters/HTTP"),
        // libargon2's header only: LoansArgon2 loads libargon2.so.1 with dlopen, so nothing links it.
        .systemLibrary(name: "CArgon2", path: "Adapters/CArgon2", providers: [.apt(["libargon2-dev"])]),
        .target(name: "LoansArgon2", dependencies: ["LoansCore", "CArgon2", "LoansSystem"], path: "Adapters/Argon2"),

        .target(name: "LoansText", dependencies: ["LoansCore"], path: "Fronts/Text"),
        // The documents of `loans json` (and of the web API): shared by the fronts that write them.
        .target(name: "LoansDocument", dependencies: ["LoansCore", "LoansInterchange", "LoansText"], path: "Fronts/Document"),
        .target(name: "LoansWidget", dependencies: ["LoansCore", "LoansText"], path: "Fronts/Widget"),
        .target(name: "LoansReminders", dependencies: ["LoansCore", "LoansText"], path: "Fronts/Reminders"),
        .target(name: "LoansCalendar", dependencies: ["LoansCore", "LoansText"], path: "Fronts/Calendar"),
        // The web front (`loans serve`): pages, forms, the API and live updates over Core's use cases.
        .target(name: "LoansWeb", dependencies: ["LoansCore", "LoansText", "LoansDocument"], path: "Fronts/Web"),
        // The argument machinery: declarations, parsing by them, usage lines, settings, and help, the man page and the
        // completion scripts written from a program's description (no command of loans in it).
        .target(name: "LoansArguments", dependencies: ["LoansCore", "LoansSystem"], path: "Fronts/Arguments"),
        .systemLibrary(name: "CNcurses", path: "Fronts/CNcurses", providers: [.apt(["libncurses-dev"])]),
        .target(name: "LoansTUI", dependencies: ["LoansCore", "LoansText", "CNcurses"], path: "Fronts/TUI"),
        .target(
            name: "LoansCLI",
            dependencies: [
                "LoansCore", "LoansInterchange", "LoansSystem", "LoansWake", "LoansAdapters", "LoansPostgres", "LoansText",
                "LoansDocument", "LoansWidget", "LoansTUI", "LoansReminders", "LoansCalendar", "LoansWeb", "LoansHTTPServer",
                "LoansArgon2", "LoansArguments",
            ],
            path: "Fronts/CLI"
        ),
        .executableTarget(name: "loans", dependencies: ["LoansCLI"], path: "Fronts/Main"),
        .executableTarget(
            name: "loans-fuzz",
            dependencies: [
                "LoansCLI", "LoansCore", "LoansInterchange", "LoansDocument", "LoansCalendar", "LoansText", "LoansAdapters", "LoansWeb",
                "LoansTestSupport",
            ],
            path: "Tests/Fuzz", exclude: ["Corpus"]
        ),

        // The TUI's benchmark, for bench/run: test-only, never part of the shipped binary.
        .executableTarget(
            name: "loans-tui-bench", dependencies: ["LoansTUI", "LoansCore", "LoansAdapters", "LoansPostgres"], path: "Tests/Bench"
        ),
        // bench/http's server: the HTTP adapter alone, answering one file's bytes (not shipped).
        .executableTarget(name: "loans-http-bench", dependencies: ["LoansHTTPServer"], path: "bench/HTTPServer"),

        .target(name: "LoansTestSupport", dependencies: ["LoansCore", "LoansText"], path: "Tests/Support"),
        .testTarget(name: "LoansCoreTests", dependencies: ["LoansCore", "LoansTestSupport"], path: "Tests/LoansCoreTests"),
        .testTarget(
            name: "LoansInterchangeTests", dependencies: ["LoansInterchange", "LoansCore", "LoansTestSupport"],
            path: "Tests/LoansInterchangeTests"
        ),
        .testTarget(name: "LoansSystemTests", dependencies: ["LoansSystem", "LoansTestSupport"], path: "Tests/LoansSystemTests"),
        .testTarget(
            name: "LoansWakeTests", dependencies: ["LoansWake", "LoansSystem", "LoansCore", "LoansTestSupport"], path: "Tests/LoansWakeTests"
        ),
        .testTarget(
            name: "LoansAdaptersTests",
            dependencies: [
                "LoansAdapters", "LoansPostgres", "LoansWake", "LoansCore", "LoansInterchange", "LoansDocument", "LoansArgon2",
                "LoansTestSupport",
            ],
            path: "Tests/LoansAdaptersTests"
        ),
        .testTarget(
            name: "LoansPostgresTests",
            dependencies: ["LoansPostgres", "LoansCore", "LoansTestSupport"],
            path: "Tests/LoansPostgresTests"
        ),
        .testTarget(
            name: "LoansHTTPServerTests", dependencies: ["LoansHTTPServer", "LoansTestSupport"], path: "Tests/LoansHTTPServerTests"
        ),
        .testTarget(
            name: "LoansWebTests", dependencies: ["LoansWeb", "LoansText", "LoansCore", "LoansArgon2", "LoansTestSupport"], path: "Tests/LoansWebTests"
        ),
        .testTarget(
            name: "LoansTextTests", dependencies: ["LoansText", "LoansCore", "LoansTestSupport"], path: "Tests/LoansTextTests"
        ),
        .testTarget(
            name: "LoansDocumentTests", dependencies: ["LoansDocument", "LoansText", "LoansCore", "LoansTestSupport"],
            path: "Tests/LoansDocumentTests"
        ),
        .testTarget(
            name: "LoansWidgetTests",
            dependencies: ["LoansWidget", "LoansText", "LoansCore", "LoansTestSupport"],
            path: "Tests/LoansWidgetTests"
        ),
        .testTarget(
            name: "LoansRemindersTests", dependencies: ["LoansReminders", "LoansCore", "LoansText", "LoansTestSupport"],
            path: "Tests/LoansRemindersTests"
        ),
        .testTarget(
            name: "LoansCalendarTests", dependencies: ["LoansCalendar", "LoansCore", "LoansTestSupport"],
            path: "Tests/LoansCalendarTests"
        ),
        .testTarget(
            name: "LoansTUITests", dependencies: ["LoansTUI", "LoansText", "LoansCore", "LoansTestSupport"],
            path: "Tests/LoansTUITests"
        ),
        .testTarget(
            name: "LoansCLITests",
            dependencies: ["LoansCLI", "LoansArguments", "LoansCore", "LoansAdapters", "LoansTestSupport"],
            path: "Tests/LoansCLITests"
        ),
        .testTarget(
            name: "EndToEndTests", dependencies: ["loans", "loans-tui-bench", "LoansTestSupport"], path: "Tests/EndToEndTests", exclude: ["Browser", "Mail"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
