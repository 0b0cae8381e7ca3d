#ifndef LOANS_CMICROHTTPD_SHIM_H
#define LOANS_CMICROHTTPD_SHIM_H

// Types and constants of libmicrohttpd only. The module map has no `link` line on purpose: loans
// never links libmicrohttpd. LibMicroHTTPD.swift loads libmicrohttpd.so.12 with dlopen when
// `loans serve` starts a server and looks each function up with dlsym into a pointer of the type
// below, so the header, not a hand-written Swift signature, defines every call.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// eventfd(2) and epoll(7), which Swift's Glibc module leaves out: how the server tells its worker
// threads and its stream watcher to look at what they were asked to do, and how the watcher
// learns that the client of an idle stream hung up.
#include <sys/eventfd.h>
#include <sys/epoll.h>

/* True in a statically linked program (no program interpreter: the kernel's auxiliary vector has
   no AT_BASE). There, a library loaded with dlopen cannot use thread-local storage (glibc's
   __tls_get_addr answers NULL for it), and GnuTLS does: TLS cannot be served. */
#include <sys/auxv.h>
static inline int loans_is_statically_linked(void) {
    return getauxval(AT_BASE) == 0;
}

typedef __typeof__(MHD_stop_daemon) *loans_mhd_stop_daemon;
typedef __typeof__(MHD_run) *loans_mhd_run;
typedef __typeof__(MHD_get_timeout) *loans_mhd_get_timeout;
typedef __typeof__(MHD_quiesce_daemon) *loans_mhd_quiesce_daemon;
typedef __typeof__(MHD_get_connection_values_n) *loans_mhd_get_connection_values_n;
typedef __typeof__(MHD_lookup_connection_value_n) *loans_mhd_lookup_connection_value_n;
typedef __typeof__(MHD_http_unescape) *loans_mhd_http_unescape;
typedef __typeof__(MHD_queue_response) *loans_mhd_queue_response;
typedef __typeof__(MHD_suspend_connection) *loans_mhd_suspend_connection;
typedef __typeof__(MHD_resume_connection) *loans_mhd_resume_connection;
typedef __typeof__(MHD_create_response_from_buffer) *loans_mhd_create_response_from_buffer;
typedef __typeof__(MHD_create_response_from_callback) *loans_mhd_create_response_from_callback;
typedef __typeof__(MHD_add_response_header) *loans_mhd_add_response_header;
typedef __typeof__(MHD_destroy_response) *loans_mhd_destroy_response;
typedef __typeof__(MHD_create_post_processor) *loans_mhd_create_post_processor;
typedef __typeof__(MHD_post_process) *loans_mhd_post_process;
typedef __typeof__(MHD_destroy_post_processor) *loans_mhd_destroy_post_processor;
typedef __typeof__(MHD_is_feature_supported) *loans_mhd_is_feature_supported;

/* MHD_start_daemon is variadic, which Swift cannot call: this takes the function dlsym found and
   calls it with every option in one MHD_OPTION_ARRAY. The listen socket is among the options,
   so the port argument is ignored, and no accept policy is given. */
static inline struct MHD_Daemon *loans_mhd_start(void *start_daemon, unsigned int flags,
                                                 MHD_AccessHandlerCallback handler, void *handler_cls,
                                                 const struct MHD_OptionItem *options) {
    return ((__typeof__(MHD_start_daemon) *)start_daemon)(flags, 0, NULL, NULL, handler, handler_cls,
                                                          MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* MHD_get_connection_info is variadic too; no information loans asks for takes an argument. */
static inline const union MHD_ConnectionInfo *loans_mhd_connection_info(void *get_connection_info,
                                                                        struct MHD_Connection *connection,
                                                                        enum MHD_ConnectionInfoType type) {
    return ((__typeof__(MHD_get_connection_info) *)get_connection_info)(connection, type);
}

/* MHD_get_daemon_info is variadic as well; no information loans asks for takes an argument. */
static inline const union MHD_DaemonInfo *loans_mhd_daemon_info(void *get_daemon_info, struct MHD_Daemon *daemon,
                                                                enum MHD_DaemonInfoType type) {
    return ((__typeof__(MHD_get_daemon_info) *)get_daemon_info)(daemon, type);
}

#endif
