#ifndef LOANS_CLIBPQ_SHIM_H
#define LOANS_CLIBPQ_SHIM_H

// Types and constants of libpq only. The module map has no `link` line on purpose: loans never
// links libpq. LibPQ.swift loads libpq.so.5 with dlopen when a PostgreSQL URL is used and looks
// each function up with dlsym into a pointer of the type below, so the header, not a hand-written
// Swift signature, defines every call.
#include <postgresql/libpq-fe.h>
#include <locale.h>

typedef __typeof__(PQstatus) *loans_pq_status;
typedef __typeof__(PQerrorMessage) *loans_pq_error_message;
typedef __typeof__(PQfinish) *loans_pq_finish;
typedef __typeof__(PQtransactionStatus) *loans_pq_transaction_status;
typedef __typeof__(PQresultStatus) *loans_pq_result_status;
typedef __typeof__(PQresultErrorField) *loans_pq_result_error_field;
typedef __typeof__(PQclear) *loans_pq_clear;
typedef __typeof__(PQntuples) *loans_pq_ntuples;
typedef __typeof__(PQgetvalue) *loans_pq_getvalue;
typedef __typeof__(PQgetlength) *loans_pq_getlength;
typedef __typeof__(PQgetisnull) *loans_pq_getisnull;
typedef __typeof__(PQcmdTuples) *loans_pq_cmd_tuples;
typedef __typeof__(PQconnectStartParams) *loans_pq_connect_start_params;
typedef __typeof__(PQconnectPoll) *loans_pq_connect_poll;
typedef __typeof__(PQsocket) *loans_pq_socket;
typedef __typeof__(PQconsumeInput) *loans_pq_consume_input;
typedef __typeof__(PQnotifies) *loans_pq_notifies;
typedef __typeof__(PQfreemem) *loans_pq_freemem;
typedef __typeof__(PQconninfoParse) *loans_pq_conninfo_parse;
typedef __typeof__(PQconninfoFree) *loans_pq_conninfo_free;
typedef __typeof__(PQsetNoticeProcessor) *loans_pq_set_notice_processor;
typedef __typeof__(PQsendQueryParams) *loans_pq_send_query_params;
typedef __typeof__(PQgetResult) *loans_pq_get_result;
typedef __typeof__(PQisBusy) *loans_pq_is_busy;
typedef __typeof__(PQsetnonblocking) *loans_pq_setnonblocking;
typedef __typeof__(PQflush) *loans_pq_flush;
typedef __typeof__(PQputCopyData) *loans_pq_put_copy_data;
typedef __typeof__(PQputCopyEnd) *loans_pq_put_copy_end;
// The C library's, looked up in the copy libpq runs on (LibPQ.prepareThread).
typedef __typeof__(uselocale) *loans_c_uselocale;

#endif
