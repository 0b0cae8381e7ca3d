#ifndef LOANS_CARGON2_SHIM_H
#define LOANS_CARGON2_SHIM_H

// Types and constants of libargon2 only. The module map has no `link` line on purpose: loans
// never links libargon2. Argon2id.swift loads libargon2.so.1 with dlopen the first time a
// password is hashed or checked (`loans account`, `loans serve`'s sign-in) and looks each
// function up with dlsym into a pointer of the type below, so the header, not a hand-written
// Swift signature, defines every call.
#include <stddef.h>
#include <stdint.h>
#include <argon2.h>

typedef __typeof__(argon2id_hash_encoded) *loans_argon2id_hash_encoded;
typedef __typeof__(argon2id_verify) *loans_argon2id_verify;
typedef __typeof__(argon2_encodedlen) *loans_argon2_encodedlen;
typedef __typeof__(argon2_error_message) *loans_argon2_error_message;

#endif
