import Glibc
import LoansAdapters
import LoansCore

/// `loans-tui-bench --db PATH|URL [--keys N] [--filter TEXT] [--today YYYY-MM-DD] [--window N]`:
/// the TUI's benchmark over a database, with no terminal (`TUIBenchmark`). Built for bench/run,
/// not shipped: `loans` itself has no benchmark mode. Prints the figures and exits 0; a bad
/// argument is exit 64, a store that cannot be read 74.
func benchmark(_ arguments: [String]) throws -> [String] {
    var options: [String: String] = [:]
    var rest = arguments[...]
    while let name = rest.popFirst() {
        guard ["--db", "--keys", "--filter", "--today", "--window"].contains(name), options[name] == nil else {
            throw BenchError("unknown or repeated option \(Quoted(name)) (--db, --keys, --filter, --today, --window)")
        }
        guard let value = rest.popFirst() else { throw BenchError("\(name) needs a value") }
        options[name] = value
    }
    guard let location = options["--db"] else { throw BenchError("--db PATH or URL is required") }
    let keysText = options["--keys"] ?? "200"
    guard keysText.utf8.count <= 7, let keys = Int(keysText), (0...1_000_000).contains(keys) else {
        throw BenchError("--keys: \(Quoted(keysText)) is not a number of keys (0-1000000)")
    }
    let filter = options["--filter"]
    if let filter, filter.isEmpty || filter.unicodeScalars.count > 100 || filter.unicodeScalars.contains(where: \.isTerminalControl) {
        throw BenchError("--filter: \(Quoted(filter)) is not a filter text (1-100 characters, no control characters)")
    }
    let fixed = try options["--today"].map { text in
        guard let day = CivilDate(iso: text) else { throw BenchError("--today: \(Quoted(text)) is not a date in the form YYYY-MM-DD") }
        return day
    }
    let windowText = options["--window"] ?? "7"
    guard windowText.utf8.count <= 4, let days = Int(windowText), let window = DueWindow(days: days) else {
        throw BenchError("--window: \(Quoted(windowText)) is not a number of days")
    }
    let today = Today(fixed: fixed, window: window, clock: SystemClock())
    let stores = try BenchStores(location: location)
    _ = try stores.reader()
    return TUIBenchmark.run(today: today, stores: stores, keys: keys, filter: filter)
}

/// Says why on stderr and exits with `status`.
func fail(_ message: String, _ status: Int32) -> Never {
    let line = Array("loans-tui-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

do {
    for line in try benchmark(Array(CommandLine.arguments.dropFirst())) { print(line) }
} catch let error as BenchError {
    fail(error.message, 64)
} catch let error as StoreError {
    fail(error.message, 74)
} catch {
    fail("\(error)", 1)
}
