import CMicroHTTPD
import LoansSystem

/// libmicrohttpd, loaded the first time a server starts (a `SharedLibrary`), then one function
/// per field into a pointer whose type comes from the library's own header
/// (`shim.h`). No loans binary links it, so every other command never maps it, and a machine
/// without it runs everything else and says what to install when `serve` is asked for. The
/// variadic functions (`MHD_start_daemon`, `MHD_get_connection_info`, `MHD_get_daemon_info`)
/// are kept as addresses and called through the shim's fixed-argument wrappers.
struct LibMicroHTTPD: @unchecked Sendable {  // immutable pointers into a library that is never unloaded
    let startDaemon: UnsafeMutableRawPointer
    let stopDaemon: loans_mhd_stop_daemon
    let quiesceDaemon: loans_mhd_quiesce_daemon
    let run: loans_mhd_run
    let timeout: loans_mhd_get_timeout
    let daemonInfo: UnsafeMutableRawPointer
    let connectionInfo: UnsafeMutableRawPointer
    let connectionValues: loans_mhd_get_connection_values_n
    let lookupValue: loans_mhd_lookup_connection_value_n
    let unescape: loans_mhd_http_unescape
    let queueResponse: loans_mhd_queue_response
    let suspendConnection: loans_mhd_suspend_connection
    let resumeConnection: loans_mhd_resume_connection
    let responseFromBuffer: loans_mhd_create_response_from_buffer
    let responseFromCallback: loans_mhd_create_response_from_callback
    let addResponseHeader: loans_mhd_add_response_header
    let destroyResponse: loans_mhd_destroy_response
    let createPostProcessor: loans_mhd_create_post_processor
    let postProcess: loans_mhd_post_process
    let destroyPostProcessor: loans_mhd_destroy_post_processor
    let isFeatureSupported: loans_mhd_is_feature_supported

    /// The library's file name: the ABI of libmicrohttpd 0.9.x (Debian's libmicrohttpd12).
    static let soname = "libmicrohttpd.so.12"

    /// The process's libmicrohttpd, loaded once on first use.
    static let shared: Result<LibMicroHTTPD, HTTPServerError> = Result { () throws(HTTPServerError) in
        try LibMicroHTTPD(soname: soname)
    }

    /// Loads the library named `soname` and every function loans calls, or says what is missing.
    init(soname: String) throws(HTTPServerError) {
        let library: SharedLibrary
        do {
            library = try SharedLibrary(soname, package: "libmicrohttpd12", need: "serving HTTP needs libmicrohttpd12")
        } catch {
            throw .library(error.description)
        }
        func address(_ name: String) throws(HTTPServerError) -> UnsafeMutableRawPointer {
            do {
                return try library.address(of: name)
            } catch {
                throw .library(error.description)
            }
        }
        func load<Function>(_ name: String) throws(HTTPServerError) -> Function {
            unsafeBitCast(try address(name), to: Function.self)
        }
        startDaemon = try address("MHD_start_daemon")
        stopDaemon = try load("MHD_stop_daemon")
        quiesceDaemon = try load("MHD_quiesce_daemon")
        run = try load("MHD_run")
        timeout = try load("MHD_get_timeout")
        daemonInfo = try address("MHD_get_daemon_info")
        connectionInfo = try address("MHD_get_connection_info")
        connectionValues = try load("MHD_get_connection_values_n")
        lookupValue = try load("MHD_lookup_connection_value_n")
        unescape = try load("MHD_http_unescape")
        queueResponse = try load("MHD_queue_response")
        suspendConnection = try load("MHD_suspend_connection")
        resumeConnection = try load("MHD_resume_connection")
        responseFromBuffer = try load("MHD_create_response_from_buffer")
        responseFromCallback = try load("MHD_create_response_from_callback")
        addResponseHeader = try load("MHD_add_response_header")
        destroyResponse = try load("MHD_destroy_response")
        createPostProcessor = try load("MHD_create_post_processor")
        postProcess = try load("MHD_post_process")
        destroyPostProcessor = try load("MHD_destroy_post_processor")
        isFeatureSupported = try load("MHD_is_feature_supported")
        guard isFeatureSupported(.FEATURE_EPOLL) == .YES else {
            throw .library(library.unusable("\(soname) was built without epoll").description)
        }
    }

    /// Whether this build of the library can serve TLS (Debian's is built with GnuTLS).
    var hasTLS: Bool { isFeatureSupported(.FEATURE_TLS) == .YES }
}
