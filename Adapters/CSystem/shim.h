#ifndef LOANS_CSYSTEM_SHIM_H
#define LOANS_CSYSTEM_SHIM_H

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* renameat2(2) with RENAME_NOREPLACE: moves `from` to `to` only if `to` does not exist, in one
   step. Glibc declares renameat2 only under _GNU_SOURCE, which Swift's Glibc module lacks, and
   syscall(2) is variadic, which Swift cannot call: this fixes its arguments. */
static inline int loans_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u /* RENAME_NOREPLACE */);
}

#endif
