import CLibPQ
import Glibc
import LoansCore
import LoansSystem

/// libpq, loaded the first time a PostgreSQL store is opened (a `SharedLibrary`), then one
/// function per field into a pointer whose type comes from libpq's own header (`shim.h`). No
/// loans binary links libpq, so a run on SQLite never loads it, and a machine without it runs
/// everything else and says what to install when PostgreSQL is asked for.
struct LibPQ: @unchecked Sendable {  // immutable pointers into a library that is never unloaded
    let status: loans_pq_status
    let errorMessage: loans_pq_error_message
    let finish: loans_pq_finish
    let transactionStatus: loans_pq_transaction_status
    let resultStatus: loans_pq_result_status
    let resultErrorField: loans_pq_result_error_field
    let clear: loans_pq_clear
    let ntuples: loans_pq_ntuples
    let getvalue: loans_pq_getvalue
    let getlength: loans_pq_getlength
    let getisnull: loans_pq_getisnull
    let cmdTuples: loans_pq_cmd_tuples
    let connectStartParams: loans_pq_connect_start_params
    let connectPoll: loans_pq_connect_poll
    let socket: loans_pq_socket
    let consumeInput: loans_pq_consume_input
    let notifies: loans_pq_notifies
    let freemem: loans_pq_freemem
    let conninfoParse: loans_pq_conninfo_parse
    let conninfoFree: loans_pq_conninfo_free
    let setNoticeProcessor: loans_pq_set_notice_processor
    let sendQueryParams: loans_pq_send_query_params
    let getResult: loans_pq_get_result
    let isBusy: loans_pq_is_busy
    let setnonblocking: loans_pq_setnonblocking
    let flush: loans_pq_flush
    let putCopyData: loans_pq_put_copy_data
    let putCopyEnd: loans_pq_put_copy_end
    /// `uselocale` of the C library libpq calls (see `prepareThread`).
    private let useLocale: loans_c_uselocale

    /// The library's file name: libpq's stable ABI since PostgreSQL 8.
    static let soname = "libpq.so.5"

    /// The process's libpq, loaded once on first use.
    static let shared: Result<LibPQ, StoreError> = Result { () throws(StoreError) in try LibPQ(soname: soname) }

    /// Loads the library named `soname` and every function loans calls, or says what is missing.
    init(soname: String) throws(StoreError) {
        let library: SharedLibrary
        do {
            library = try SharedLibrary(soname, package: "libpq5", need: "PostgreSQL needs libpq5, the PostgreSQL client library")
        } catch {
            throw LibPQ.unavailable(error)
        }
        func load<Function>(_ name: String) throws(StoreError) -> Function {
            do {
                return try library.function(name)
            } catch {
                throw LibPQ.unavailable(error)
            }
        }
        status = try load("PQstatus")
        errorMessage = try load("PQerrorMessage")
        finish = try load("PQfinish")
        transactionStatus = try load("PQtransactionStatus")
        resultStatus = try load("PQresultStatus")
        resultErrorField = try load("PQresultErrorField")
        clear = try load("PQclear")
        ntuples = try load("PQntuples")
        getvalue = try load("PQgetvalue")
        getlength = try load("PQgetlength")
        getisnull = try load("PQgetisnull")
        cmdTuples = try load("PQcmdTuples")
        connectStartParams = try load("PQconnectStartParams")
        connectPoll = try load("PQconnectPoll")
        socket = try load("PQsocket")
        consumeInput = try load("PQconsumeInput")
        notifies = try load("PQnotifies")
        freemem = try load("PQfreemem")
        conninfoParse = try load("PQconninfoParse")
        conninfoFree = try load("PQconninfoFree")
        setNoticeProcessor = try load("PQsetNoticeProcessor")
        sendQueryParams = try load("PQsendQueryParams")
        getResult = try load("PQgetResult")
        isBusy = try load("PQisBusy")
        setnonblocking = try load("PQsetnonblocking")
        flush = try load("PQflush")
        putCopyData = try load("PQputCopyData")
        putCopyEnd = try load("PQputCopyEnd")
        guard let libc = library.companion("libc.so.6"), let useLocale: loans_c_uselocale = try? libc.function("uselocale") else {
            throw LibPQ.unavailable(library.unusable("the C library \(soname) runs on cannot be found"))
        }
        self.useLocale = useLocale
    }

    /// Makes libpq's C library ready on the calling thread; called before libpq is used on a thread
    /// other than the one that loaded it. The shipped binary is linked statically, so libpq comes
    /// with a shared copy of the C library of its own, which sets up its per-thread locale data
    /// only on the thread that loaded it (it never starts a thread itself): on another thread,
    /// libpq's first character test (`isalnum`) reads through a null pointer. Choosing the global
    /// locale for the thread, in that copy, sets the data up. In a binary linked dynamically there
    /// is one C library, whose threads have it already, and this changes nothing.
    func prepareThread() {
        _ = useLocale(locale_t(bitPattern: -1))  // LC_GLOBAL_LOCALE
    }

    private static func unavailable(_ error: LibraryError) -> StoreError {
        StoreError(.unavailable, error.description)
    }
}
