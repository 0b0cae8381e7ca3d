#ifndef LOANS_CLINUX_SHIM_H
#define LOANS_CLINUX_SHIM_H

// Linux interfaces that Swift's Glibc module leaves out: timers, signals and events as
// descriptors (the wake loop's midnight timer, the terminal's resizes, a thread nudged to stop),
// process descriptors (waiting for a delivery with a deadline), renameat2 (a new database
// moved into place without replacing one), and a thread's name.
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <sys/timerfd.h>
#include <sys/pidfd.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <signal.h>
#include <time.h>
#include <sys/prctl.h>

/* renameat2(2) with RENAME_NOREPLACE: moves `from` to `to` only if `to` does not exist, in one
   step. Glibc declares renameat2 only under _GNU_SOURCE, and syscall(2) is variadic, which Swift
   cannot call: this fixes its arguments. */
static inline int loans_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u /* RENAME_NOREPLACE */);
}

/* Names the calling thread (`ps -L`, /proc/PID/task/TID/comm; 15 bytes at most). prctl(2) is
   variadic, which Swift cannot call: this fixes its arguments. */
static inline int loans_name_thread(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
}

#endif
